import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PlusIcon, TrashIcon } from "../../../components/icons";
import { FormAlert } from "../../../components/ui/FormAlert";
import { inputClass, labelClass } from "../../../components/ui/fields";
import { useErrorText } from "../../../components/useErrorText";
import { cut } from "../../../lib/text";
import { useAddCanned, useCanned, useDeleteCanned } from "./queries";

/** The longest title and text of a canned reply (the server refuses longer ones). */
export const CANNED_TITLE_MAX_CHARS = 100;
export const CANNED_TEXT_MAX_CHARS = 4_000;

/**
 * The tenant's canned replies, behind a button by the composer: each inserted into the
 * reply to be edited before sending, deleted, or a new one added. Every agent of the
 * tenant shares them.
 */
export function CannedReplies({ onInsert }: { onInsert: (text: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canned = useCanned(true);
  const remove = useDeleteCanned();
  const replies = canned.data ?? [];

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className="rounded-md px-1 text-sm font-medium text-teal-700 hover:text-teal-900"
        onClick={() => setOpen((o) => !o)}
      >
        {t("live_agent.desk.cannedButton", { count: replies.length })}
      </button>
      {open && (
        <div id={panelId} role="region" aria-label={t("live_agent.desk.cannedTitle")} className="mt-2 space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
          {error && <FormAlert>{error}</FormAlert>}
          {canned.isPending ? (
            <p className="text-sm text-slate-500">{t("live_agent.desk.cannedLoading")}</p>
          ) : replies.length === 0 ? (
            <p className="text-sm text-slate-500">{t("live_agent.desk.cannedNone")}</p>
          ) : (
            <ul className="max-h-56 space-y-1.5 overflow-y-auto" aria-label={t("live_agent.desk.cannedTitle")}>
              {replies.map((reply) => (
                <li key={reply.id} className="flex items-start gap-2 rounded-lg bg-white px-3 py-2 shadow-xs" data-testid="desk-canned">
                  <button
                    type="button"
                    className="min-w-0 flex-1 text-left"
                    aria-label={t("live_agent.desk.cannedInsert", { title: reply.title })}
                    onClick={() => {
                      onInsert(reply.text);
                      setOpen(false);
                    }}
                  >
                    <span className="block text-sm font-medium text-slate-800 [overflow-wrap:anywhere]">{reply.title}</span>
                    <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">{cut(reply.text, 120)}</span>
                  </button>
                  <button
                    type="button"
                    className="shrink-0 rounded p-1 text-slate-400 hover:text-red-700 disabled:opacity-60"
                    aria-label={t("live_agent.desk.cannedDelete", { title: reply.title })}
                    disabled={remove.isPending}
                    onClick={() => {
                      setError(null);
                      remove.mutate(reply.id, { onError: (e) => setError(errorText(e, t("live_agent.desk.cannedDeleteFailed"))) });
                    }}
                  >
                    <TrashIcon className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {adding ? (
            <AddCanned onDone={() => setAdding(false)} />
          ) : (
            <button type="button" className="inline-flex items-center gap-1 text-sm font-medium text-teal-700 hover:text-teal-900" onClick={() => setAdding(true)}>
              <PlusIcon className="size-4" />
              {t("live_agent.desk.cannedAdd")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function AddCanned({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const add = useAddCanned();
  const titleId = useId();
  const textId = useId();
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const cleanTitle = title.trim();
    const cleanText = text.trim();
    if (!cleanTitle || !cleanText) return setProblem(t("live_agent.desk.cannedRequired"));
    if (cleanTitle.length > CANNED_TITLE_MAX_CHARS || cleanText.length > CANNED_TEXT_MAX_CHARS) {
      return setProblem(t("live_agent.desk.cannedTooLong", { title: CANNED_TITLE_MAX_CHARS, text: CANNED_TEXT_MAX_CHARS.toLocaleString() }));
    }
    setProblem(null);
    add.mutate({ title: cleanTitle, text: cleanText }, { onSuccess: onDone, onError: (error) => setProblem(errorText(error, t("live_agent.desk.cannedAddFailed"))) });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2 rounded-lg bg-white p-3" aria-label={t("live_agent.desk.cannedAdd")} noValidate>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div>
        <label htmlFor={titleId} className={labelClass}>
          {t("live_agent.desk.cannedTitleField")}
        </label>
        <input id={titleId} className={inputClass} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={CANNED_TITLE_MAX_CHARS} />
      </div>
      <div>
        <label htmlFor={textId} className={labelClass}>
          {t("live_agent.desk.cannedTextField")}
        </label>
        <textarea id={textId} className={inputClass} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100" onClick={onDone}>
          {t("live_agent.desk.cancel")}
        </button>
        <button type="submit" className="rounded-lg bg-navy-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-navy-800 disabled:opacity-60" disabled={add.isPending}>
          {t("live_agent.desk.cannedSave")}
        </button>
      </div>
    </form>
  );
}
