import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon } from "../../components/icons";
import { BanIcon } from "../../components/moreIcons";
import { cut, pretty } from "../../lib/text";
import { isRecord } from "../../lib/values";
import { PARAMETERS_PREVIEW_LINES } from "../limits";
import type { ToolInvocation } from "../types";
import { BoundedPre } from "./BoundedPre";
import { useToolCall } from "./toolCall";

/** The longest value shown on one line of a call's input; longer ones are cut. */
const VALUE_MAX_CHARS = 300;

/** "dockNumber" → "Dock number": an input's field names, readable. */
function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A call's input as the user reads it before deciding: each field on its own line
 * (nested values as indented JSON), or the whole input when it is not an object.
 */
export function CallInput({ input }: { input: unknown }) {
  const { t } = useTranslation();
  if (!isRecord(input) || Object.keys(input).length === 0) {
    return <BoundedPre label={t("tools.parameters")} text={pretty(input) || "{}"} maxLines={PARAMETERS_PREVIEW_LINES} />;
  }
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="call-input">
      {Object.entries(input).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-500">{fieldLabel(key)}</dt>
          <dd className="min-w-0 font-medium break-words whitespace-pre-wrap text-slate-900">
            {typeof value === "string" ? cut(value, VALUE_MAX_CHARS) : <code className="font-mono text-xs">{cut(pretty(value), VALUE_MAX_CHARS)}</code>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type RequestProps = {
  invocation: ToolInvocation;
  /** The tool's name in the reader's words (the card's title). */
  title: string;
  /** What the call will do, in the family's words; the input laid out otherwise. */
  summary?: ReactNode;
};

/**
 * A state-changing call waiting for the user (DESIGN §4, "Approval"): what exactly will
 * run, Approve, and Deny with an optional reason. The answer goes through the card
 * contract (`useToolCall`); once it is given the part changes state and this goes away.
 */
export function ApprovalRequest({ invocation, title, summary }: RequestProps) {
  const { t } = useTranslation();
  const { approve, deny } = useToolCall(invocation);
  const [reason, setReason] = useState("");
  const [answering, setAnswering] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const reasonId = useId();
  const promptId = useId();

  const answer = (decide: () => Promise<void>) => {
    // The buttons go away with the answer: the focus stays on the card (its header), not the page.
    group.current?.closest<HTMLElement>('[data-testid="tool-card"]')?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus();
    setAnswering(true);
    void decide().finally(() => setAnswering(false));
  };
  const onReasonKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Escape") return;
    // Escape here empties the field; it is not the chat's Stop.
    event.preventDefault();
    setReason("");
  };

  // Approve and Deny are one press each; a reason, when the user gives one, goes with Deny.
  return (
    <div ref={group} role="group" aria-labelledby={promptId} className="space-y-3" data-testid="approval-request">
      <p id={promptId} className="text-sm font-medium text-slate-800">
        {t("tools.approval.prompt", { title })}
      </p>
      {summary ?? <CallInput input={invocation.input} />}
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          answer(() => deny(reason));
        }}
      >
        <button type="button" onClick={() => answer(approve)} disabled={answering} className={APPROVE}>
          <CheckIcon className="size-4" />
          {t("tools.approval.approve")}
        </button>
        <button type="submit" disabled={answering} className={SECONDARY}>
          <BanIcon className="size-4" />
          {t("tools.approval.deny")}
        </button>
        <label htmlFor={reasonId} className="sr-only">
          {t("tools.approval.reason")}
        </label>
        <input
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={onReasonKey}
          maxLength={500}
          placeholder={t("tools.approval.reason")}
          disabled={answering}
          className="block min-w-40 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
        />
      </form>
    </div>
  );
}

/** A denied call: it did not run, and why (when the user said). */
export function DeniedDetail({ invocation, summary }: { invocation: ToolInvocation; summary?: ReactNode }) {
  const { t } = useTranslation();
  const reason = invocation.approval?.reason;
  return (
    <>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="tool-denied">
        {t("tools.approval.deniedDetail")}
        {reason && (
          <span className="mt-1 block text-slate-600" data-testid="denial-reason">
            {t("tools.approval.reasonGiven", { reason })}
          </span>
        )}
      </p>
      {summary ?? <CallInput input={invocation.input} />}
    </>
  );
}

const BUTTON = "inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:opacity-60";
const APPROVE = `${BUTTON} bg-teal-600 text-white hover:bg-teal-700`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white font-medium text-slate-700 hover:bg-slate-50`;
