import { useTranslation } from "react-i18next";
import { fileNameOf, isWaybillFileLink } from "./fileLinks";

/**
 * An image of a conversation: shown (and opened in a new tab on click) only when it is a
 * Waybill file link; anything else is said as text, never loaded or linked.
 */
export function DeskImage({ url, name }: { url: string; name?: string }) {
  const { t } = useTranslation();
  if (!isWaybillFileLink(url)) {
    return (
      <p className="text-xs text-slate-500 italic [overflow-wrap:anywhere]" data-testid="desk-image-refused">
        {t("live_agent.desk.imageNotShown", { url })}
      </p>
    );
  }
  const alt = name || fileNameOf(url) || t("live_agent.desk.image");
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="block w-fit">
      <img src={url} alt={alt} className="max-h-60 max-w-full rounded-lg border border-slate-200 object-contain" loading="lazy" />
    </a>
  );
}
