import { useTranslation } from "react-i18next";
import { PREVIEW_MAX_CHARS } from "../limits";
import { bounded } from "../../lib/text";

/**
 * A labelled block of preformatted text, cut to `maxLines` lines (spec 001 §9: result
 * previews 60, parameters 20), saying how many lines were left out.
 */
export function BoundedPre({ label, text, maxLines, tone = "plain" }: { label: string; text: string; maxLines: number; tone?: "plain" | "error" }) {
  const { t } = useTranslation();
  const shown = bounded(text, maxLines, PREVIEW_MAX_CHARS);
  return (
    <div>
      <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <pre
        className={`max-h-80 overflow-auto rounded-md px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap ${
          tone === "error" ? "bg-red-50 text-red-800" : "bg-slate-50 text-slate-800"
        }`}
      >
        {shown.text}
      </pre>
      {shown.hiddenLines > 0 && <p className="mt-1 text-[11px] text-slate-400">{t("tools.moreLines", { n: shown.hiddenLines })}</p>}
    </div>
  );
}
