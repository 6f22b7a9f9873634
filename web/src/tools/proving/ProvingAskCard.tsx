import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ToolCardShell } from "../shell/ToolCardShell";
import { useToolCall } from "../shell/toolCall";
import type { ToolCardProps, ToolInvocation } from "../types";
import { QuestionIcon } from "./icons";

/** The longest answer the tool takes (its Rust input schema). */
const MAX_ANSWER = 200;

/**
 * provingAskTool, a client tool: the browser runs it. The card asks the question and
 * posts what the user types as the call's result; the answer then goes on.
 */
export function ProvingAskCard({ invocation }: ToolCardProps<"provingAskTool">) {
  const { t } = useTranslation();
  const answered = invocation.output?.answer;
  return (
    <ToolCardShell
      invocation={invocation}
      icon={<QuestionIcon className="size-4" />}
      accent="sky"
      title={t("proving.ask.title")}
      runningLabel={invocation.phase === "executing" ? t("proving.ask.waiting") : undefined}
      runningDetail={invocation.phase === "executing" ? <AnswerForm invocation={invocation} /> : undefined}
      summary={answered === undefined ? undefined : t("proving.ask.answered", { answer: answered })}
      defaultOpen
    >
      {answered !== undefined && (
        <dl className="space-y-1 text-sm" data-testid="ask-answered">
          <dt className="text-slate-500">{invocation.input?.question}</dt>
          <dd className="font-medium text-slate-900">{answered}</dd>
        </dl>
      )}
    </ToolCardShell>
  );
}

function AnswerForm({ invocation }: { invocation: ToolInvocation<"provingAskTool"> }) {
  const { t } = useTranslation();
  const { submitOutput } = useToolCall(invocation);
  const [answer, setAnswer] = useState("");
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const text = answer.trim();

  return (
    <form
      className="space-y-2"
      data-testid="ask-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text || sending) return;
        setSending(true);
        void submitOutput({ answer: text }).finally(() => setSending(false));
      }}
    >
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {invocation.input?.question ?? t("proving.ask.title")}
      </label>
      <div className="flex gap-2">
        <input
          id={fieldId}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          placeholder={t("proving.ask.answer")}
          maxLength={MAX_ANSWER}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-900 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
        />
        <button
          type="submit"
          disabled={!text || sending}
          className="inline-flex items-center rounded-lg bg-navy-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-navy-800 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:opacity-60"
        >
          {t("proving.ask.send")}
        </button>
      </div>
    </form>
  );
}
