import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { chooseLanguage } from "../../i18n";
import { ErrorFooter } from "./ErrorFooter";

class CallError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

const tooMany = (retryAfter?: number) =>
  new CallError(JSON.stringify({ code: "too_many_requests", message: "Too many chat requests this minute", ...(retryAfter === undefined ? {} : { retryAfter }) }), 429);

describe("the error under a failed answer", () => {
  it("says when to try again after too many requests, instead of the server's words", async () => {
    const onRetry = vi.fn();
    render(<ErrorFooter error={tooMany(30)} onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("You are sending messages too quickly. Try again in 30 seconds.");
    expect(screen.queryByText(/Too many chat requests/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("counts long waits in minutes and says it in the reader's language", async () => {
    const { rerender } = render(<ErrorFooter error={tooMany(1)} onRetry={() => undefined} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Try again in 1 second.");
    rerender(<ErrorFooter error={tooMany(150)} onRetry={() => undefined} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Try again in 3 minutes.");
    await chooseLanguage("de");
    rerender(<ErrorFooter error={tooMany(30)} onRetry={() => undefined} />);
    expect(await screen.findByText("Sie senden Nachrichten zu schnell. Versuchen Sie es in 30 Sekunden erneut.")).toBeVisible();
    await chooseLanguage("zh-CN");
    expect(await screen.findByText("您发送消息过于频繁，请30秒钟后再试。")).toBeVisible();
  });

  it("asks to wait a moment when the server gives no time", () => {
    render(<ErrorFooter error={tooMany()} onRetry={() => undefined} />);
    expect(screen.getByRole("alert")).toHaveTextContent("You are sending messages too quickly. Wait a moment and try again.");
  });

  it("still shows other errors as 'Error: {message}'", () => {
    render(<ErrorFooter error={new CallError('{"code":"bad_gateway","message":"The model provider failed"}', 502)} onRetry={() => undefined} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Error: The model provider failed");
  });
});
