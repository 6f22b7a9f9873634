import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { type ToolCallActions, ToolCallActionsContext, type ToolCallData, ToolCallDataContext } from "../tools/shell/toolCall";

/**
 * Renders a card inside a conversation's card contract, with every action recorded
 * (`actions.respond`, `actions.submitOutput`, …) and `data` as the data parts streamed
 * for its calls, by call id.
 */
export function renderInChat(ui: ReactElement, data: Record<string, ToolCallData> = {}) {
  const actions = {
    chatId: "chat-1",
    submitOutput: vi.fn<ToolCallActions["submitOutput"]>(async () => undefined),
    submitError: vi.fn<ToolCallActions["submitError"]>(async () => undefined),
    respond: vi.fn<ToolCallActions["respond"]>(async () => undefined),
    settle: vi.fn<ToolCallActions["settle"]>(async () => undefined),
  };
  const wrap = (node: ReactElement) => (
    <ToolCallActionsContext value={actions}>
      <ToolCallDataContext value={new Map(Object.entries(data))}>{node}</ToolCallDataContext>
    </ToolCallActionsContext>
  );
  const result = render(wrap(ui));
  return { ...result, actions, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
