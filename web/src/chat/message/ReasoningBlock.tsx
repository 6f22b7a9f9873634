import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronRight, SparklesIcon } from "../../components/icons";
import { isReasoningCollapsible, reasoningSummary } from "./reasoning";

/**
 * The model's reasoning (spec 001 §2.1): a summary line cut at 80 characters; a block
 * of more than one line or 100 characters opens and closes on click.
 */
export function ReasoningBlock({ text, streaming }: { text: string; streaming: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const collapsible = isReasoningCollapsible(text);
  const label = streaming ? t("message.thinking") : t("message.reasoning");

  if (!collapsible) {
    return (
      <div className="my-2 flex items-start gap-2 text-sm text-slate-500" data-testid="reasoning">
        <SparklesIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <p>
          <span className="sr-only">{label}: </span>
          {text.trim() || label}
        </p>
      </div>
    );
  }
  return (
    <div className="my-2 rounded-lg border border-slate-200 bg-slate-50/60 text-sm" data-testid="reasoning">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        aria-label={`${open ? t("message.hideReasoning") : t("message.showReasoning")}: ${reasoningSummary(text)}`}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-slate-600 hover:text-slate-900"
      >
        <SparklesIcon className={`size-4 shrink-0 ${streaming ? "animate-pulse text-teal-600" : "text-slate-400"}`} />
        <span className="shrink-0 font-medium">{label}</span>
        <span className="min-w-0 flex-1 truncate text-slate-500" data-testid="reasoning-summary">
          {reasoningSummary(text)}
        </span>
        <ChevronRight className={`size-4 shrink-0 transition-transform ${open ? "rotate-90" : ""}`} />
      </button>
      {open && (
        <div id={bodyId} className="border-t border-slate-200 px-3 py-2 whitespace-pre-wrap text-slate-600">
          {text.trim()}
        </div>
      )}
    </div>
  );
}
