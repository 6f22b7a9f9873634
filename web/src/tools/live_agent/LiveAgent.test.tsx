import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { chooseLanguage } from "../../i18n";
import { LiveAgentContext } from "../../liveAgent/context";
import { type LiveAgentStatus, initialState } from "../../liveAgent/state";
import type { LiveAgent } from "../../liveAgent/useLiveAgent";
import { MessageFooter, ToolPart } from "../registry";
import { toToolInvocation } from "../types";
import { ConnectLiveAgentButton } from "./ConnectLiveAgentButton";

const call = (state: string, output?: unknown) => ({ type: "tool-connectLiveAgent", toolCallId: "call-1", state, input: {}, ...(output === undefined ? {} : { output }) });

function agent(status: LiveAgentStatus, overrides: Partial<LiveAgent> = {}): LiveAgent {
  return { available: true, state: { ...initialState, status }, live: false, connect: vi.fn(), leave: vi.fn(), send: vi.fn(), takesInput: vi.fn(async () => false), currentStatus: () => status, userInfoRequest: null, ...overrides };
}

describe("connectLiveAgent's card", () => {
  it("says the assistant offers a person, and why", () => {
    render(<ToolPart invocation={toToolInvocation(call("output-available", { offered: true, reason: "Claims need a person" }), "m1")!} />);
    expect(screen.getByText("Live Agent")).toBeInTheDocument();
    expect(screen.getByText("A live agent can take over this conversation")).toBeInTheDocument();
    expect(screen.getByTestId("live-agent-reason")).toHaveTextContent("Why: Claims need a person");
  });

  it("gives the tool's default reason in the reader's language", async () => {
    await chooseLanguage("zh-CN");
    try {
      render(<ToolPart invocation={toToolInvocation(call("output-available", { offered: true, reason: "The user asked to talk to a person" }), "m1")!} />);
      expect(screen.getByTestId("live-agent-reason")).toHaveTextContent("您要求与人工客服对话");
    } finally {
      await chooseLanguage("en");
    }
  });
});

describe("the connect button (spec 001 §2.1)", () => {
  it.each([
    ["idle", "Connect to Live Agent", false],
    ["disconnected", "Connect to Live Agent", false],
    ["authenticating", "Cancel Connection", false],
    ["connecting", "Cancel Connection", false],
    ["queued", "Leave Queue", false],
    ["error", "Connection Failed - Retry", false],
    ["connected", "Connected", true],
  ] as const)("reads %s as '%s'", (status, label, disabled) => {
    render(
      <LiveAgentContext value={agent(status)}>
        <ConnectLiveAgentButton />
      </LiveAgentContext>,
    );
    const button = screen.getByTestId("connect-live-agent");
    expect(button).toHaveTextContent(label);
    if (disabled) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
  });

  it("connects from idle and error, and leaves while connecting or queued", async () => {
    for (const [status, action] of [["idle", "connect"], ["error", "connect"], ["connecting", "leave"], ["queued", "leave"]] as const) {
      const value = agent(status);
      const { unmount } = render(
        <LiveAgentContext value={value}>
          <ConnectLiveAgentButton />
        </LiveAgentContext>,
      );
      await userEvent.click(screen.getByTestId("connect-live-agent"));
      expect(value[action]).toHaveBeenCalledTimes(1);
      unmount();
    }
  });

  it("goes under a message only when its last tool is connectLiveAgent with a result", () => {
    const text = { type: "text", text: "Here is a person." };
    const other = { type: "tool-timeTool", toolCallId: "call-2", state: "output-available", input: {}, output: {} };
    const cases: [unknown[], boolean][] = [
      [[text, call("output-available", { offered: true })], true],
      [[call("output-available", { offered: true }), text], true],
      [[call("input-available")], false],
      [[call("output-available", { offered: true }), other], false],
      [[text], false],
    ];
    for (const [parts, shown] of cases) {
      const { unmount } = render(
        <LiveAgentContext value={agent("idle")}>
          <MessageFooter parts={parts} messageId="m1" />
        </LiveAgentContext>,
      );
      expect(screen.queryByTestId("connect-live-agent") !== null).toBe(shown);
      unmount();
    }
  });
});
