import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../types";
import { MessageList } from "./MessageList";

const text = (id: string, role: ChatMessage["role"], words: string, metadata?: ChatMessage["metadata"]): ChatMessage => ({
  id,
  role,
  parts: [{ type: "text", text: words }],
  ...(metadata ? { metadata } : {}),
});

const handlers = () => ({ onDelete: vi.fn(), onRegenerate: vi.fn(), onResend: vi.fn() });

/** The options each message's menu offers, top to bottom. */
async function menus(): Promise<string[][]> {
  const offered: string[][] = [];
  for (const article of screen.getAllByTestId("message")) {
    await userEvent.click(within(article).getByRole("button", { name: "Message options" }));
    offered.push(within(screen.getByRole("menu")).getAllByRole("menuitem").map((i) => i.textContent ?? ""));
    await userEvent.keyboard("{Escape}");
  }
  return offered;
}

const list = (messages: ChatMessage[], actions: Partial<ReturnType<typeof handlers>>) => (
  <MessageList messages={messages} status="ready" chatModel="waybill-offline" user={null} sentCount={0} {...actions} />
);

describe("the message options by role and position", () => {
  it("offers Regenerate on the last answer only, and Edit and resend on the user's last message only", async () => {
    const messages = [text("u1", "user", "Dock schedule?"), text("a1", "assistant", "Dock 4 at 10:00."), text("u2", "user", "And dock 5?"), text("a2", "assistant", "Free all day.")];
    render(list(messages, handlers()));
    expect(await menus()).toEqual([
      ["Copy", "Delete"],
      ["Copy", "Delete"],
      ["Copy", "Edit and resend", "Delete"],
      ["Copy", "Regenerate", "Delete"],
    ]);
  });

  it("offers no Regenerate when the last message is the user's (a question without an answer)", async () => {
    render(list([text("u1", "user", "Dock schedule?"), text("a1", "assistant", "Dock 4 at 10:00."), text("u2", "user", "And dock 5?")], handlers()));
    expect(await menus()).toEqual([
      ["Copy", "Delete"],
      ["Copy", "Delete"],
      ["Copy", "Edit and resend", "Delete"],
    ]);
  });

  it("offers neither to someone else's message: a live agent's, or a nickname's", async () => {
    const messages = [text("u1", "user", "Connect me", { sendNickName: "Dana (Dispatch)" }), text("l1", "assistant", "Hi, Sam here.", { liveAgent: true })];
    render(list(messages, handlers()));
    expect(await menus()).toEqual([
      ["Copy", "Delete"],
      ["Copy", "Delete"],
    ]);
  });

  it("offers only Copy while an answer runs (no handlers are given then)", async () => {
    render(list([text("u1", "user", "Dock schedule?"), text("a1", "assistant", "Dock 4")], {}));
    expect(await menus()).toEqual([["Copy"], ["Copy"]]);
  });

  it("passes the choice on", async () => {
    const actions = handlers();
    render(list([text("u1", "user", "Dock schedule?"), text("a1", "assistant", "Dock 4 at 10:00.")], actions));
    const [question, answer] = screen.getAllByTestId("message");
    await userEvent.click(within(answer!).getByRole("button", { name: "Message options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Regenerate" }));
    expect(actions.onRegenerate).toHaveBeenCalledOnce();
    await userEvent.click(within(question!).getByRole("button", { name: "Message options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Edit and resend" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Edit your message" }), " And dock 5?{Enter}");
    expect(actions.onResend).toHaveBeenCalledWith("u1", "Dock schedule? And dock 5?");
  });
});
