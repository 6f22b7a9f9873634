import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../types";
import { MessageBubble } from "./MessageBubble";

const user = { firstName: "Grace", userName: "ghopper", email: "grace@example.test" };

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return { id: "m1", role: "assistant", parts: [{ type: "text", text: "Hello" }], ...overrides };
}

const sender = () => screen.getByTestId("sender").textContent;
const menuItems = () => within(screen.getByRole("menu")).getAllByRole("menuitem").map((i) => i.textContent);

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
    await userEvent.click(screen.getByRole("button", { name: "Message options" }));
    expect(menuItems()).toEqual(["Copy"]);
    await userEvent.keyboard("{Escape}");

    rerender(<MessageBubble message={message({})} chatModel="x" user={user} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole("button", { name: "Message options" }));
    expect(menuItems()).toEqual(["Copy", "Delete"]);
    await userEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledWith("m1");
  });

  it("has no options menu for a message with no words and nothing to do", () => {
    const parts: ChatMessage["parts"] = [{ type: "tool-timeTool", toolCallId: "c1", state: "input-available", input: {} }];
    render(<MessageBubble message={message({ parts })} chatModel="x" user={user} />);
    expect(screen.queryByRole("button", { name: "Message options" })).toBeNull();
  });

  it("copies the message's words and says 'Copied' for 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const parts: ChatMessage["parts"] = [
        { type: "text", text: "Dock 4 is free." },
        { type: "tool-timeTool", toolCallId: "c1", state: "output-available", input: {}, output: {} },
        { type: "text", text: "Trailer **T-12** waits." },
      ];
      render(<MessageBubble message={message({ parts })} chatModel="x" user={user} />);
      await u.click(screen.getByRole("button", { name: "Message options" }));
      await u.click(screen.getByRole("menuitem", { name: "Copy" }));
      expect(await navigator.clipboard.readText()).toBe("Dock 4 is free.\n\nTrailer **T-12** waits.");
      expect(screen.getByText("Copied")).toBeVisible();
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.queryByText("Copied")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers Regenerate when given, and calls it", async () => {
    const onRegenerate = vi.fn();
    render(<MessageBubble message={message({})} chatModel="x" user={user} onRegenerate={onRegenerate} />);
    await userEvent.click(screen.getByRole("button", { name: "Message options" }));
    expect(menuItems()).toEqual(["Copy", "Regenerate"]);
    await userEvent.click(screen.getByRole("menuitem", { name: "Regenerate" }));
    expect(onRegenerate).toHaveBeenCalledOnce();
  });

  it("edits the user's message in place and sends the new words; unchanged words are not sent", async () => {
    const onResend = vi.fn();
    const mine = message({ role: "user", parts: [{ type: "text", text: "Weather in Savannah?" }] });
    render(<MessageBubble message={mine} chatModel="x" user={user} onResend={onResend} />);
    await userEvent.click(screen.getByRole("button", { name: "Message options" }));
    expect(menuItems()).toEqual(["Copy", "Edit and resend"]);
    await userEvent.click(screen.getByRole("menuitem", { name: "Edit and resend" }));

    const box = screen.getByRole("textbox", { name: "Edit your message" });
    expect(box).toHaveFocus();
    expect(box).toHaveValue("Weather in Savannah?");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByText("Weather in Savannah?")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Message options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Edit and resend" }));
    await userEvent.clear(screen.getByRole("textbox", { name: "Edit your message" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Edit your message" }), "Weather in Rotterdam?{Enter}");
    expect(onResend).toHaveBeenCalledWith("m1", "Weather in Rotterdam?");
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("marks an answer that was stopped, and only that", () => {
    const { rerender } = render(<MessageBubble message={message({ metadata: { stopped: true } })} chatModel="x" user={user} />);
    expect(screen.getByTestId("stopped-mark")).toHaveTextContent("Stopped");
    expect(screen.getByTestId("stopped-mark")).toHaveAttribute("title", "This answer was stopped before it finished");
    rerender(<MessageBubble message={message({})} chatModel="x" user={user} />);
    expect(screen.queryByTestId("stopped-mark")).toBeNull();
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
