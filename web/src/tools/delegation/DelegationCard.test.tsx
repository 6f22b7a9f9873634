import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { ToolPart, cardFor } from "../registry";
import { TOOL_STATES, type ToolPhase, type ToolState, isCallOf, toToolInvocation } from "../types";
import { AGENT_NAMES, type DelegationBadge, badgeOf } from "./agents";
import { DelegationCard } from "./DelegationCard";
import { EndDelegationCard } from "./EndDelegationCard";
import checks, { examples } from "./samples";

const delegation = (phase: ToolPhase, extra: { input?: unknown; output?: unknown; errorText?: string; toolCallId?: string } = {}) =>
  toolCall("delegateToAgent", phase, { input: examples.input, ...extra });

const badge = () => screen.getByTestId("delegation-badge");

/** A delegateToAgent part in any state, as the wire (or a stored chat) has it. */
function inState(state: ToolState, part: Record<string, unknown> = {}) {
  const call = toToolInvocation({ type: "tool-delegateToAgent", toolCallId: "call-1", state, input: examples.input, ...part }, "m1");
  if (!call || !isCallOf(call, "delegateToAgent")) throw new Error("not a delegation");
  return call;
}

describe("the delegation badge (spec 001 §4)", () => {
  it.each([
    ["input-streaming", "preparing"],
    ["input-available", "executing"],
    ["output-available", "completed"],
    ["result", "completed"],
    ["output-error", "failed"],
  ] as const)("reads %s as %s", (state, expected) => {
    expect(badgeOf(inState(state, { output: examples.result, errorText: "boom" }), true)).toBe(expected);
  });

  it("has a badge for every state a part can be in: the older and in-between ones too", () => {
    const expected: Record<ToolState, DelegationBadge | null> = {
      "partial-call": "preparing",
      call: "preparing",
      "input-streaming": "preparing",
      "approval-requested": "preparing",
      "input-available": "executing",
      calling: "executing",
      streaming: "executing",
      "approval-responded": "executing",
      result: "completed",
      "output-available": "completed",
      "output-error": "failed",
      "output-denied": null,
    };
    for (const state of TOOL_STATES) expect(badgeOf(inState(state, { output: examples.result }), true), state).toBe(expected[state]);
  });

  it("reads a result that says it did not succeed as Failed", () => {
    expect(badgeOf(inState("output-available", { output: examples.refused }), true)).toBe("failed");
  });

  it("reads a stopped call, and one left unfinished in an earlier message, as Stopped", () => {
    expect(badgeOf(inState("output-error", { errorText: "Stopped", resultProviderMetadata: { waybill: { stopped: true } } }), true)).toBe("stopped");
    expect(badgeOf(inState("input-available", { providerExecuted: true }), false)).toBe("stopped");
    expect(badgeOf(inState("output-available", { output: examples.result }), false), "a finished call stays finished").toBe("completed");
  });

  it.each([
    ["preparing", "Preparing delegation"],
    ["executing", "Executing delegation"],
    ["completed", "Completed"],
    ["failed", "Failed"],
    ["stopped", "Stopped"],
  ] as const)("shows the %s badge on the card: “%s”", (phase, text) => {
    renderInChat(<ToolPart invocation={delegation(phase, { output: examples.result, errorText: "The agent timed out" })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", "delegateToAgent");
    expect(badge()).toHaveTextContent(text);
    expect(badge()).toHaveAttribute("data-badge", phase);
  });
});

describe("the delegation card", () => {
  it("is delegateToAgent's card", () => {
    expect(cardFor("delegateToAgent")).toBe(DelegationCard);
  });

  it("says what it is doing in the header while the call is prepared and runs", () => {
    const { rerender } = renderInChat(<ToolPart invocation={delegation("preparing")} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Agent delegation");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Preparing delegation");
    rerender(<ToolPart invocation={delegation("executing")} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Delegation to BI Agent");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Executing delegation");
  });

  it.each([
    ["wms-agent", "WMS Agent", "Warehouse Management System operations"],
    ["bi-agent", "BI Agent", "Business Intelligence and analytics"],
    ["jira-agent", "Jira Agent", "issue management and project operations"],
    ["fms-agent", "FMS Agent", "Freight Management System operations"],
  ] as const)("names %s from its id before any result: %s, %s", (agentId, name, domain) => {
    expect(AGENT_NAMES[agentId]).toBe(name);
    renderInChat(<ToolPart invocation={delegation("executing", { input: { agentId, instruction: "Count aisle 12" } })} />);
    expect(screen.getByTestId("delegation-agent-name").textContent).toBe(name);
    expect(screen.getByTestId("delegation-agent-domain").textContent).toBe(domain);
    expect(screen.getByTestId("delegation-agent-id").textContent).toBe(agentId);
    expect(screen.getByTestId("delegation-agent-id").tagName).toBe("CODE");
    expect(screen.getByTestId("delegation-instruction").textContent).toBe("Count aisle 12");
  });

  it("takes the agent's name and the instruction from the result once there", () => {
    renderInChat(<ToolPart invocation={delegation("completed", { input: {}, output: { ...examples.result, agentName: "BI Agent (night shift)" } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Delegation to BI Agent (night shift)");
    expect(screen.getByTestId("delegation-agent-name").textContent).toBe("BI Agent (night shift)");
    expect(screen.getByTestId("delegation-agent-domain").textContent).toBe("Business Intelligence and analytics");
    expect(screen.getByTestId("delegation-agent-id").textContent).toBe("bi-agent");
    expect(screen.getByTestId("delegation-instruction").textContent).toBe("How many orders shipped last week, by facility?");
  });

  it("shows the sub-agent's progress while it works", () => {
    renderInChat(<ToolPart invocation={delegation("executing", { toolCallId: "call-d" })} />, { "call-d": { subagent: examples.progress } });
    expect(screen.queryByTestId("tool-skeleton")).toBeNull();
    expect(badge()).toHaveTextContent("Executing delegation");
    expect(screen.getByTestId("subagent-status")).toHaveTextContent("Working…");
    expect(screen.getByTestId("subagent-steps")).toHaveTextContent("Steps: 2");
    expect(within(screen.getByTestId("subagent-calls")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["biListCubesdone", "biQueryCuberunning"]);
    expect(screen.getByTestId("subagent-text")).toHaveTextContent("Looking up the cubes…");
  });

  it("ignores progress streamed for another call", () => {
    renderInChat(<ToolPart invocation={delegation("executing", { toolCallId: "call-d" })} />, { "call-other": { subagent: examples.progress } });
    expect(screen.queryByTestId("subagent-progress")).toBeNull();
    expect(badge()).toHaveTextContent("Executing delegation");
  });

  it("once completed, says how much the agent wrote, shows its answer as markdown and the tool calls it made", () => {
    renderInChat(<ToolPart invocation={delegation("completed", { output: examples.result, toolCallId: "call-d" })} />, {
      "call-d": { subagent: { ...examples.progress, status: "completed", steps: 3, toolCalls: examples.progress.toolCalls.map((c) => ({ ...c, state: "done" })) } },
    });
    const n = examples.result.contentLength;
    // The header leads with the answer, not its length.
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Orders shipped last week");
    expect(screen.getByTestId("tool-status")).not.toHaveTextContent("characters");
    expect(screen.getByTestId("delegation-generated")).toHaveTextContent(`Generated ${n} characters of content · Steps: 3`);
    const content = screen.getByTestId("delegation-content");
    expect(within(content).getByRole("heading", { name: "Orders shipped last week" })).toBeInTheDocument();
    expect(within(content).getByRole("table")).toHaveTextContent("Fontana");
    expect(within(content).getByText("2,077").tagName).toBe("STRONG");
    expect(within(screen.getByTestId("delegation-calls")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["biListCubesdone", "biQueryCubedone"]);
    expect(screen.queryByTestId("subagent-progress"), "the answer is shown once, as markdown").toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("formats the number of characters in the reader's language", async () => {
    const { unmount } = renderInChat(<ToolPart invocation={delegation("completed", { output: examples.long })} />);
    expect(screen.getByTestId("delegation-generated")).toHaveTextContent("Generated 12,345 characters of content");
    unmount();
    await chooseLanguage("de");
    renderInChat(<ToolPart invocation={delegation("completed", { output: examples.long })} />);
    expect(screen.getByTestId("delegation-generated")).toHaveTextContent("12.345 Zeichen Inhalt erzeugt");
    expect(badge()).toHaveTextContent("Abgeschlossen");
    expect(screen.getByTestId("delegation-agent-domain")).toHaveTextContent("Vorgänge im Lagerverwaltungssystem");
  });

  it("shows what came back even when the stored chat has no progress part", () => {
    renderInChat(<ToolPart invocation={delegation("completed", { output: examples.long })} />);
    expect(badge()).toHaveTextContent("Completed");
    expect(screen.getByTestId("delegation-steps")).toHaveTextContent("Steps: 5");
    expect(screen.getByTestId("delegation-content")).toHaveTextContent("Location A-01: counted, no variance");
    expect(within(screen.getByTestId("delegation-calls")).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "apiSearchdone",
      "apiCalldone",
      "apiCalldone",
      "endDelegationdone",
    ]);
  });

  it("collapses a long answer to its first lines until Show all", async () => {
    const user = userEvent.setup();
    renderInChat(<ToolPart invocation={delegation("completed", { output: examples.long })} />);
    const content = screen.getByTestId("delegation-content");
    expect(content).toHaveAttribute("data-collapsed", "true");
    expect(content).toHaveTextContent("Location A-12");
    expect(content).not.toHaveTextContent("Location A-13");
    await user.click(screen.getByRole("button", { name: "Show all" }));
    expect(content).not.toHaveAttribute("data-collapsed");
    expect(content).toHaveTextContent("Location A-40");
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  });

  it("says when the agent gave no answer, and that it made no tool calls", () => {
    renderInChat(<ToolPart invocation={delegation("completed", { output: { ...examples.result, content: "", contentLength: 0, toolCalls: [] } })} />);
    expect(screen.getByTestId("delegation-generated")).toHaveTextContent("Generated 0 characters of content");
    expect(screen.getByTestId("delegation-content")).toHaveTextContent("The agent gave no answer");
    expect(screen.getByTestId("delegation-calls")).toHaveTextContent("No tool calls");
  });

  it("shows the error of a failed call in an error block, with the agent and its progress", () => {
    renderInChat(<ToolPart invocation={delegation("failed", { errorText: examples.failedText, toolCallId: "call-d" })} />, {
      "call-d": { subagent: { ...examples.progress, status: "failed" } },
    });
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByRole("alert").textContent).toBe("Sub-agents cannot run here");
    expect(badge()).toHaveTextContent("Failed");
    expect(screen.getByTestId("delegation-agent-name")).toHaveTextContent("BI Agent");
    expect(screen.getByTestId("subagent-status")).toHaveTextContent("Failed");
  });

  it("says 'Unknown error occurred' when a failure gives no error text", () => {
    renderInChat(<ToolPart invocation={delegation("failed")} />);
    expect(screen.getByRole("alert").textContent).toBe("Unknown error occurred");
    expect(badge()).toHaveTextContent("Failed");
  });

  it("reads a result with success false as Failed, with its error or 'Unknown error occurred'", () => {
    const { unmount } = renderInChat(<ToolPart invocation={delegation("completed", { output: examples.refused })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByRole("alert").textContent).toBe("No issue tracker is registered for this tenant");
    expect(badge()).toHaveTextContent("Failed");
    expect(screen.getByTestId("delegation-agent-name")).toHaveTextContent("Jira Agent");
    unmount();
    renderInChat(<ToolPart invocation={delegation("completed", { output: { ...examples.refused, error: undefined } })} />);
    expect(screen.getByRole("alert").textContent).toBe("Unknown error occurred");
  });

  it("says 'Unknown error occurred' in the reader's language", async () => {
    await chooseLanguage("fr");
    renderInChat(<ToolPart invocation={delegation("failed")} />);
    expect(screen.getByRole("alert").textContent).toBe("Une erreur inconnue s’est produite");
    expect(badge()).toHaveTextContent("Échouée");
  });

  describe("with an answer that tries to be markup", () => {
    afterEach(() => {
      delete (window as { __delegationPwned?: unknown }).__delegationPwned;
    });

    it("shows it as inert text: no script, no handler, no javascript: link, no frame", () => {
      const hostile = { ...examples.result, agentName: "<b onmouseover=alert(1)>BI</b>", instruction: "<script>alert(1)</script>", content: examples.hostile };
      renderInChat(<ToolPart invocation={delegation("completed", { output: hostile })} />);
      const card = screen.getByTestId("tool-card");
      expect(card.querySelector("script, iframe, img, b[onmouseover]")).toBeNull();
      for (const el of card.querySelectorAll("*")) {
        for (const attr of el.attributes) expect(attr.name.startsWith("on"), `${el.tagName} ${attr.name}`).toBe(false);
      }
      for (const a of card.querySelectorAll("a")) expect(a.getAttribute("href") ?? "").not.toMatch(/^\s*javascript:/i);
      expect((window as { __delegationPwned?: unknown }).__delegationPwned).toBeUndefined();
      const content = screen.getByTestId("delegation-content");
      expect(content).toHaveTextContent("<script>window.__delegationPwned = true</script>");
      expect(within(content).getByText("bold").tagName).toBe("STRONG");
      expect(screen.getByTestId("delegation-agent-name").textContent).toBe("<b onmouseover=alert(1)>BI</b>");
      expect(screen.getByTestId("delegation-instruction").textContent).toBe("<script>alert(1)</script>");
    });
  });

  it("shows what samples.ts says it shows of a result", () => {
    renderInChat(<ToolPart invocation={delegation("completed", { input: {}, output: examples.long })} />);
    const shown = screen.getByTestId("tool-card").textContent;
    for (const text of checks.delegateToAgent!(examples.long)) expect(shown).toContain(text);
  });
});

describe("the endDelegation card", () => {
  const phases: ToolPhase[] = ["preparing", "executing", "completed", "failed", "stopped"];

  it("renders nothing, in every phase, alone or as a tool part", () => {
    for (const phase of phases) {
      const call = toolCall("endDelegation", phase, { input: { summary: "Found 3 orders." }, output: { ended: true, summary: "Found 3 orders." }, errorText: "x" });
      const alone = render(<EndDelegationCard />);
      expect(alone.container, phase).toBeEmptyDOMElement();
      alone.unmount();
      const part = renderInChat(<ToolPart invocation={call} />);
      expect(part.container, phase).toBeEmptyDOMElement();
      part.unmount();
    }
  });

  it("says so of its sample: nothing to look for", () => {
    expect(checks.endDelegation!({ ended: true })).toEqual([]);
  });
});
