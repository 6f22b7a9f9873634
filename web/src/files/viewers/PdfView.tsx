import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ExpandIcon, ShrinkIcon } from "../icons";
import type { MediaViewProps } from "./media";

/**
 * A PDF in the browser's own viewer, with a fullscreen toggle (spec 000 §2). Fullscreen
 * covers the window rather than using the Fullscreen API, so Escape is ours to handle:
 * it leaves fullscreen and goes no further (it would otherwise stop a running answer).
 */
export function PdfView({ url, file }: MediaViewProps) {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      setFullscreen(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [fullscreen]);

  return (
    <div
      className={fullscreen ? "fixed inset-0 z-50 flex flex-col bg-white" : "flex h-full min-h-[28rem] flex-col"}
      data-testid="pdf-view"
      data-fullscreen={fullscreen}
      {...(fullscreen ? { role: "dialog", "aria-modal": true, "aria-label": file.fileName } : {})}
    >
      <div className="flex justify-end border-b border-slate-100 px-2 py-1.5">
        <button
          type="button"
          onClick={() => setFullscreen((f) => !f)}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {fullscreen ? <ShrinkIcon className="size-4" /> : <ExpandIcon className="size-4" />}
          {fullscreen ? t("fileViewer.exitFullscreen") : t("fileViewer.fullscreen")}
        </button>
      </div>
      <iframe src={url} title={file.fileName} className="w-full flex-1 border-0" />
    </div>
  );
}
