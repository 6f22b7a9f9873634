import type { DeepPartial } from "ai";
import type { TFunction } from "i18next";
import type { ComponentType, ReactNode } from "react";
import type { ViewerSpec } from "../artifacts/viewers/types";
import type { PageRole } from "../auth/roles";
import type { IconProps } from "../components/icons";
import type { ToolName, ToolTypes } from "../generated/tools/ToolTypes";
import { isRecord, str } from "../lib/values";

export type { ToolName, ToolTypes };

/**
 * Every state a tool part can be in (spec 001 §3): the SDK's current ones and the older
 * `tool-invocation` states that stored chats may still hold.
 */
export const TOOL_STATES = [
  "partial-call",
  "call",
  "input-streaming",
  "input-available",
  "calling",
  "streaming",
  "approval-requested",
  "approval-responded",
  "result",
  "output-available",
  "output-error",
  "output-denied",
] as const;

export type ToolState = (typeof TOOL_STATES)[number];

/**
 * Where a card is in its lifecycle (spec 001 §4). `stopped`: the answer was stopped
 * (Stop or Escape) before the call finished — not a failure of the tool. `approval`: a
 * state-changing call waits for the user's Approve or Deny (DESIGN §4); `denied`: the
 * user said no, so it never ran — a decision, not a failure.
 */
export type ToolPhase = "preparing" | "approval" | "executing" | "completed" | "failed" | "denied" | "stopped";

export const TOOL_PHASE: Record<ToolState, ToolPhase> = {
  "partial-call": "preparing",
  call: "preparing",
  "input-streaming": "preparing",
  "input-available": "executing",
  calling: "executing",
  streaming: "executing",
  "approval-requested": "approval",
  // Approved and about to run; a denial read from the part says `denied` (toToolInvocation).
  "approval-responded": "executing",
  result: "completed",
  "output-available": "completed",
  "output-error": "failed",
  "output-denied": "denied",
};

/**
 * The error text the server gives every call cut short by a stop; the client writes the
 * same when it has to mark the calls itself (see chat/stopping.ts).
 */
export const STOPPED_ERROR = "Stopped before it finished";

/**
 * Whether a call ended because the answer was stopped: the server marks it with
 * `resultProviderMetadata.waybill.stopped` (an `output-error` part), so a reload tells
 * it from a real failure.
 */
export function wasStopped(call: Record<string, unknown>): boolean {
  const meta = call.resultProviderMetadata;
  return call.state === "output-error" && isRecord(meta) && isRecord(meta.waybill) && meta.waybill.stopped === true;
}

function isToolState(value: unknown): value is ToolState {
  return typeof value === "string" && (TOOL_STATES as readonly string[]).includes(value);
}

/**
 * A server tool's input as its card sees it: partial while the model is still writing it
 * (`preparing`), whole from `executing` on. A tool the server does not list: `unknown`.
 */
export type InputOf<N extends string> = N extends ToolName ? DeepPartial<ToolTypes[N]["input"]> : unknown;
/** A server tool's output: the type its Rust tool writes (web/src/generated/tools/). */
export type OutputOf<N extends string> = N extends ToolName ? ToolTypes[N]["output"] : unknown;

/**
 * One call of tool `N` as cards see it, whatever shape of part it came from. Without `N`
 * (any tool) input and output are `unknown`; a card of one tool gets them typed.
 */
export type ToolInvocation<N extends string = string> = {
  toolCallId: string;
  toolName: N;
  state: ToolState;
  phase: ToolPhase;
  input: InputOf<N> | undefined;
  /** There once the call is `completed`. */
  output: OutputOf<N> | undefined;
  errorText: string | undefined;
  /** The user's decision, for a call that asked for approval (undefined while none was asked or given). */
  approval: ToolApproval | undefined;
  /** The server runs it (a client tool's card answers it instead). */
  providerExecuted: boolean;
  /** The message holding the call (artifacts register per message). */
  messageId: string;
};

/** A call's approval as the part stores it: asked (no `approved` yet), then decided. */
export type ToolApproval = { approved: boolean | undefined; reason: string | undefined };

function approvalOf(call: Record<string, unknown>): ToolApproval | undefined {
  const { approval } = call;
  if (!isRecord(approval)) return undefined;
  return { approved: typeof approval.approved === "boolean" ? approval.approved : undefined, reason: str(approval.reason) };
}

function phaseOf(call: Record<string, unknown>, state: ToolState, approval: ToolApproval | undefined): ToolPhase {
  if (wasStopped(call)) return "stopped";
  if (state === "approval-responded" && approval?.approved === false) return "denied";
  return TOOL_PHASE[state];
}

export type ToolCardProps<N extends string = string> = { invocation: ToolInvocation<N> };
/**
 * The card of tool `N`: a function component. `ToolCard` (any tool) fits every tool, as
 * the generic card does; `ToolCard<never>` is what any card is.
 */
export type ToolCard<N extends string = string> = (props: ToolCardProps<N>) => ReactNode;
/** Cards by tool name, each typed by its own tool's input and output. */
export type ToolCards = { readonly [N in ToolName]?: ToolCard<N> };

/**
 * Where a call read from the wire becomes a call of its tool, typed by the tool's
 * generated output. Nothing is checked but the name: the server's typed tools write
 * exactly `ToolTypes[N]["output"]`, and the golden samples test renders each card with a
 * real output, so card and Rust type cannot drift apart unnoticed. Chats stored by older
 * versions may hold older shapes; the cards that can meet one read it tolerantly and say
 * which.
 */
export function isCallOf<N extends string>(invocation: ToolInvocation, toolName: N): invocation is ToolInvocation<N> {
  return invocation.toolName === toolName;
}

/**
 * What a family's cards show of their tools' golden samples (real outputs the server's
 * tests write to web/src/generated/samples/): in `tools/<family>/samples.ts`, read by
 * tools/samples.test.tsx, which renders each sample with its card and looks for the texts.
 */
export type SampleChecks = { readonly [N in ToolName]?: (sample: OutputOf<N>) => readonly string[] };

/** A family's English strings: nested objects of strings, written `as const`. */
export type StringTree = { readonly [key: string]: string | StringTree };

/** What someone signed in without a page's role reads there instead, in the page's words. */
export type PageDenied = (t: TFunction) => { title: string; body: string };

/**
 * A signed-in page beside the chat: its address (`/admin/memories`, `/tracker/browse/:key`),
 * its code — a chunk of its own, loaded when the page is first opened — and who may open it.
 * A page for agents or administrators says in its own words whom it is for: anyone else
 * reads that (`denied`) and never loads the chunk.
 */
export type AppPage = {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
} & ({ role: "member" } | { role: Exclude<PageRole, "member">; denied: PageDenied });

/**
 * An entry of the user menu: the page it opens, its words (from the family's strings:
 * `(t) => t("memory.page.menu")`), its icon, who sees it, and its place (lower first; the
 * core's users page is 60, the administrators' pages come after it).
 */
export type MenuEntry = {
  path: string;
  label: (t: TFunction) => string;
  icon: ComponentType<IconProps>;
  role: PageRole;
  order: number;
};

/**
 * What a family adds around the chat (`tools/<family>/pages.ts`): its pages and the user
 * menu's entries to them. The route table and the menu read these files by folder, so they
 * never load the family's cards.
 */
export type FamilyPages = {
  pages: readonly AppPage[];
  menu?: readonly MenuEntry[];
};

/**
 * The web half of a tool family (`tools/<family>/family.ts`), registered by one line in
 * tools/families.ts whose export name is the family's name.
 */
export type ToolFamily<Strings extends StringTree = StringTree> = {
  /**
   * Its English strings (`tools/<family>/strings/en.ts`), under `<family>.` in the
   * catalogue. They type `t()`; the catalogue itself reads every language's file from the
   * folder (i18n/families.ts), so the main bundle never pulls in the cards.
   */
  strings: Strings;
  /** Its cards, by the name of the tool each one shows. */
  cards: ToolCards;
  /** Side-panel viewers for artifact types of its own, by type. */
  viewers?: Readonly<Record<string, ViewerSpec>>;
  /**
   * What goes under an assistant message whose last tool call is this tool, with a result
   * (the live agent's connect button, spec 001 §2.1), by tool name.
   */
  messageFooters?: Readonly<Record<string, ComponentType>>;
  /** Its pages and user-menu entries: the default export of its `pages.ts`. */
  pages?: FamilyPages;
};

/**
 * Reads a message part as a tool call: `tool-{name}` and `dynamic-tool` parts (the SDK's),
 * and `tool-invocation` parts (older stored chats). Anything else is not a tool call.
 */
export function toToolInvocation(part: unknown, messageId: string): ToolInvocation | null {
  if (!isRecord(part) || typeof part.type !== "string") return null;
  let call: Record<string, unknown>;
  let toolName: string | undefined;
  if (part.type === "tool-invocation" && isRecord(part.toolInvocation)) {
    call = part.toolInvocation;
    toolName = str(call.toolName);
  } else if (part.type === "dynamic-tool") {
    call = part;
    toolName = str(part.toolName);
  } else if (part.type.startsWith("tool-")) {
    call = part;
    toolName = part.type.slice("tool-".length);
  } else {
    return null;
  }
  if (!toolName) return null;
  const state: ToolState = isToolState(call.state) ? call.state : "input-available";
  const approval = approvalOf(call);
  return {
    toolCallId: str(call.toolCallId) ?? `${messageId}:${toolName}`,
    toolName,
    state,
    phase: phaseOf(call, state, approval),
    input: call.input ?? call.args ?? call.parameters,
    output: call.output ?? call.result,
    errorText: str(call.errorText) ?? str(call.error),
    approval,
    providerExecuted: call.providerExecuted === true,
    messageId,
  };
}
