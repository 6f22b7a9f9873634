import { useTranslation } from "react-i18next";
import { DownloadIcon } from "../../components/icons";
import { useFormatBytes } from "../formatBytes";
import { FILE_CLASS_TONES, FileClassIcon } from "../icons";
import { extensionOf, fileClassOf } from "../kinds";
import type { FileDisplayProps } from "../types";
import { DownloadLink } from "./DownloadLink";

/**
 * A file shown by its facts instead of its content (spec 000 §2): name, type and size,
 * and the way to download it.
 */
export function DownloadCard({ file, href }: { file: FileDisplayProps; href: string | undefined }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const fileClass = fileClassOf(file);
  const ext = extensionOf(file.fileName);
  const type = file.mimeType ?? (ext ? ext.toUpperCase() : t("fileViewer.unknownType"));
  return (
    // Wraps on a narrow panel: the button goes under the facts rather than squeezing them.
    <div className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="download-card">
      <span className={`grid size-12 shrink-0 place-items-center rounded-lg ${FILE_CLASS_TONES[fileClass]}`} data-file-class={fileClass}>
        <FileClassIcon fileClass={fileClass} className="size-6" />
      </span>
      <div className="min-w-40 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={file.fileName}>
          {file.fileName}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-500">
          <div className="flex gap-1">
            <dt>{t("fileViewer.type")}:</dt>
            <dd className="min-w-0 break-words">{type}</dd>
          </div>
          {file.size !== undefined && (
            <div className="flex gap-1">
              <dt>{t("fileViewer.size")}:</dt>
              <dd className="whitespace-nowrap">{formatBytes(file.size)}</dd>
            </div>
          )}
        </dl>
      </div>
      {href && (
        <DownloadLink
          file={file}
          href={href}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-teal-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-700"
        >
          <DownloadIcon className="size-4" />
          {t("fileViewer.download")}
        </DownloadLink>
      )}
    </div>
  );
}
