import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type LiveAgentStatus, initialState } from "../../liveAgent/state";
import { isLiveMode } from "../../liveAgent/useLiveAgent";
import { LiveAgentBanner } from "../liveAgent/LiveAgentBanner";
import { InputBar } from "./InputBar";

function bar(status: LiveAgentStatus, { running = false, position = 0 } = {}) {
  const state = { ...initialState, status, position, sessionId: status === "idle" ? null : "s-1" };
  const controls = { state, live: isLiveMode(state), onSelectAi: vi.fn(), onSelectLiveAgent: vi.fn() };
  render(
    <>
      <LiveAgentBanner state={state} />
      <InputBar
        running={running}
        sending={false}
        attachments={[]}
        onAddFiles={vi.fn()}
        onRemoveFile={vi.fn()}
        onRemoveAllFiles={vi.fn()}
        onSend={vi.fn()}
        onStop={vi.fn()}
        liveAgent={controls}
      />
    </>,
  );
  return controls;
}

const ai = () => screen.getByRole("button", { name: "AI Assistant" });
const liveButton = () => screen.getByRole("button", { name: "Live Agent" });
const box = () => screen.getByRole("textbox", { name: "Message" });

describe("the input bar with the live agent (spec 000 §2, 002 §2, §4)", () => {
  it("switches to the live agent from AI mode", async () => {
    const controls = bar("idle");
    expect(ai()).toHaveAttribute("aria-pressed", "true");
    expect(box()).toHaveAttribute("placeholder", "Type a message or use voice...");
    await userEvent.click(liveButton());
    expect(controls.onSelectLiveAgent).toHaveBeenCalledTimes(1);
  });

  it("shows 'Connecting to Live Agent...' and blocks the way back to the AI while authenticating or connecting", () => {
    bar("connecting");
    expect(screen.getByTestId("live-agent-banner")).toHaveTextContent("Connecting to Live Agent...");
    expect(ai()).toBeDisabled();
    expect(ai()).toHaveAttribute("title", "Cancel the connection or leave the queue first");
    expect(liveButton()).toHaveAttribute("aria-pressed", "true");
  });

  it("queued: the position, the waiting hint, the input disabled, the AI blocked", () => {
    bar("queued", { position: 3 });
    expect(screen.getByTestId("live-agent-banner")).toHaveTextContent("Queued (Position: 3)");
    expect(screen.getByTestId("live-agent-waiting")).toBeVisible();
    expect(box()).toBeDisabled();
    expect(ai()).toBeDisabled();
    expect(screen.getByRole("button", { name: "Attach images" })).toBeDisabled();
  });

  it("connected: its placeholder, voice off, images to attach, and the AI button leaves", async () => {
    const controls = bar("connected");
    expect(screen.getByTestId("live-agent-banner")).toHaveTextContent("Live Agent Connected");
    expect(box()).toHaveAttribute("placeholder", "send a message to the live agent...");
    expect(screen.getByRole("button", { name: "Voice input" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Attach images" })).toBeEnabled();
    await userEvent.click(ai());
    expect(controls.onSelectAi).toHaveBeenCalledTimes(1);
  });

  it("during an AI response neither switch moves", () => {
    bar("idle", { running: true });
    expect(ai()).toBeDisabled();
    expect(liveButton()).toBeDisabled();
    expect(liveButton()).toHaveAttribute("title", "Wait until the answer has finished");
  });
});
