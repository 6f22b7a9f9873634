import type { AgentId } from "../../generated/tools/delegation/AgentId";
import type { ToolInvocation, ToolState } from "../types";

export type { AgentId };

/**
 * The specialised agents' names (spec 001 §2.15), for a call whose result has not said
 * it yet. They are names, the same in every language, as the server writes them.
 */
export const AGENT_NAMES: Readonly<Record<AgentId, string>> = {
  "wms-agent": "WMS Agent",
  "bi-agent": "BI Agent",
  "jira-agent": "Jira Agent",
  "fms-agent": "FMS Agent",
};

export function isAgentId(id: unknown): id is AgentId {
  return typeof id === "string" && Object.hasOwn(AGENT_NAMES, id);
}

/** The delegation card's status badge (spec 001 §4, "Delegation badge mapping"). */
export type DelegationBadge = "preparing" | "executing" | "completed" | "failed" | "stopped";

/**
 * The badge of each tool state: the spec's four, with the older and in-between states
 * read as the lifecycle does (spec 001 §4). A denied call never ran: it has no badge
 * (delegations do not ask for approval; the card says "Denied" should one ever be).
 */
const BADGE_OF_STATE: Readonly<Record<ToolState, DelegationBadge | null>> = {
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

/**
 * The badge of a delegation. Beyond the state: a result that says `success: false` is
 * Failed; a call cut short by Stop reads Stopped (as its card does), and so does one
 * left unfinished in an earlier message (`answerable` false), which can no longer run.
 */
export function badgeOf(invocation: ToolInvocation<"delegateToAgent">, answerable: boolean): DelegationBadge | null {
  if (invocation.phase === "stopped") return "stopped";
  if (invocation.phase === "denied") return null;
  const badge = BADGE_OF_STATE[invocation.state];
  if (!answerable && (badge === "preparing" || badge === "executing")) return "stopped";
  if (badge === "completed" && invocation.output?.success === false) return "failed";
  return badge;
}
