import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, buttonClass } from "../../components/ui/Dialog";

const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm [overflow-wrap:anywhere] focus:border-teal-500 focus:ring-2 focus:ring-teal-500/20 focus:outline-none";

/** The longest need the dialog takes (the desk shows the start of it beside the customer). */
const MAX_NEED = 2_000;

type Props = {
  open: boolean;
  /** The user's last question to the assistant, offered as what they may need (never filled in by itself). */
  lastQuestion: string | undefined;
  onConnect: (need: string) => void;
  onCancel: () => void;
};

/**
 * Before the Live Agent switch queues anyone: what the user needs from a person, in their
 * own words (empty at first; their last question to the assistant one click away). Connect
 * hands it over with the request; Cancel changes nothing.
 */
export function AskNeedDialog({ open, lastQuestion, onConnect, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [need, setNeed] = useState("");
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setNeed("");
  }
  const text = need.trim();
  const suggestion = lastQuestion?.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text) onConnect(text);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} title={t("liveAgent.ask.title")} description={t("liveAgent.ask.description")} testId="live-agent-ask">
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label className="block text-sm font-medium text-slate-700" htmlFor={`${id}-need`}>
          {t("liveAgent.ask.need")}
          <textarea id={`${id}-need`} value={need} onChange={(e) => setNeed(e.target.value)} rows={3} maxLength={MAX_NEED} dir="auto" className={field} autoFocus />
        </label>
        {suggestion && (
          <div className="text-sm text-slate-600">
            <p className="text-xs font-medium text-slate-500">{t("liveAgent.ask.suggestion")}</p>
            <button
              type="button"
              className="mt-1 w-full rounded-lg border border-dashed border-slate-300 px-3 py-2 text-left text-sm text-slate-700 [overflow-wrap:anywhere] hover:border-teal-400 hover:bg-teal-50/50"
              onClick={() => setNeed(suggestion.slice(0, MAX_NEED))}
              aria-label={t("liveAgent.ask.useSuggestion", { question: suggestion })}
              data-testid="live-agent-suggestion"
            >
              <span dir="auto" className="line-clamp-3">
                {suggestion}
              </span>
            </button>
          </div>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            {t("liveAgent.ask.cancel")}
          </button>
          <button type="submit" className={buttonClass.primary} disabled={!text}>
            {t("liveAgent.ask.connect")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
