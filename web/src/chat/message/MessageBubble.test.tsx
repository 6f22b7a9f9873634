import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../types";
import { MessageBubble } from "./MessageBubble";

const user = { firstName: "Grace", userName: "ghopper", email: "grace@example.test" };

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return { id: "m1", role: "assistant", parts: [{ type: "text", text: "Hello" }], ...overrides };
}

const sender = () => screen.getByTestId("sender").textContent;

describe("message bubble", () => {
  it("labels the user's message 'You' with their initial, on the right", () => {
    render(<MessageBubble message={message({ role: "user" })} chatModel="gpt-4.1" user={user} />);
    expect(sender()).toBe("You");
    expect(screen.getByTestId("avatar-initial")).toHaveTextContent("G");
    expect(screen.getByRole("article")).toHaveClass("flex-row-reverse");
  });

  it("names the assistant after the model: BI Assistant by default, Claude or Gemini when the name says so", () => {
    const { rerender } = render(<MessageBubble message={message({})} chatModel="gpt-4.1" user={user} />);
    expect(sender()).toBe("BI Assistant");
    rerender(<MessageBubble message={message({})} chatModel="claude-sonnet-4-5" user={user} />);
    expect(sender()).toBe("Claude");
    rerender(<MessageBubble message={message({ metadata: { model: "gemini-2.5-flash-preview-05-20" } })} chatModel="claude-sonnet-4-5" user={user} />);
    expect(sender()).toBe("Gemini");
    expect(screen.getByRole("article")).not.toHaveClass("flex-row-reverse");
  });

  it("shows a nickname from the metadata, and 'Live Agent' for live-agent messages", () => {
    const { rerender } = render(<MessageBubble message={message({ metadata: { sendNickName: "Dana (Dispatch)" } })} chatModel="gpt-4.1" user={user} />);
    expect(sender()).toBe("Dana (Dispatch)");
    rerender(<MessageBubble message={message({ metadata: { sendId: "agent-7", groupId: "g1" } })} chatModel="gpt-4.1" user={user} />);
    expect(sender()).toBe("Live Agent");
  });

  it("marks voice messages by their id", () => {
    const { rerender } = render(<MessageBubble message={message({ id: "voice-transcript-1" })} chatModel="x" user={user} />);
    expect(screen.getByTestId("voice-mark")).toBeInTheDocument();
    rerender(<MessageBubble message={message({ id: "voice-user-2", role: "user" })} chatModel="x" user={user} />);
    expect(screen.getByTestId("voice-mark")).toBeInTheDocument();
    rerender(<MessageBubble message={message({ id: "msg-3" })} chatModel="x" user={user} />);
    expect(screen.queryByTestId("voice-mark")).toBeNull();
  });

  it("shows the time it was written", () => {
    const createdAt = new Date(2026, 0, 5, 9, 7).getTime();
    render(<MessageBubble message={message({ metadata: { createdAt } })} chatModel="x" user={user} />);
    expect(screen.getByRole("article").querySelector("time")).toHaveAttribute("datetime", new Date(createdAt).toISOString());
  });

  it("offers Delete in the options menu only when a delete handler is given", async () => {
    const onDelete = vi.fn();
    const { rerender } = render(<MessageBubble message={message({})} chatModel="x" user={user} />);
    expect(screen.queryByRole("button", { name: "Message options" })).toBeNull();

    rerender(<MessageBubble message={message({})} chatModel="x" user={user} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole("button", { name: "Message options" }));
    await userEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledWith("m1");
  });

  it("renders an unknown tool with the generic card, never nothing", () => {
    const parts: ChatMessage["parts"] = [
      { type: "tool-someFutureTool", toolCallId: "c1", state: "output-available", input: { a: 1 }, output: { ok: true } },
    ];
    render(<MessageBubble message={message({ parts })} chatModel="x" user={user} />);
    expect(screen.getByTestId("tool-card")).toHaveTextContent("Completed someFutureTool");
  });

  it("shows the user's own text as typed, not as markdown", () => {
    render(<MessageBubble message={message({ role: "user", parts: [{ type: "text", text: "**not bold**" }] })} chatModel="x" user={user} />);
    expect(screen.getByText("**not bold**")).toBeInTheDocument();
  });
});
