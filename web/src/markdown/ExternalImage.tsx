import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageIcon } from "../components/icons";
import { externalImageUrl } from "./urls";

/**
 * An image named by model output: nothing is fetched until the user asks, so a message
 * cannot make the browser call out (tracking pixels, leaking the user's address).
 */
export function ExternalImage({ src, alt }: { src: string | undefined; alt: string | undefined }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const url = externalImageUrl(src);
  if (!url) return alt ? <span>{alt}</span> : null;
  if (shown) {
    return <img src={url.href} alt={alt ?? ""} referrerPolicy="no-referrer" className="my-2 max-h-96 max-w-full rounded-lg" />;
  }
  return (
    <span
      className="my-1 inline-flex max-w-full items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-2 align-middle text-xs text-slate-600"
      data-testid="external-image"
    >
      <ImageIcon className="size-4 shrink-0 text-slate-400" />
      <span className="min-w-0 truncate">{alt || t("message.imageNotLoaded", { host: url.host })}</span>
      <button
        type="button"
        onClick={() => setShown(true)}
        className="shrink-0 rounded-md bg-white px-2 py-0.5 font-medium text-teal-700 ring-1 ring-slate-200 hover:bg-teal-50"
        title={t("message.imageNotLoaded", { host: url.host })}
      >
        {t("message.loadImage")}
      </button>
    </span>
  );
}
