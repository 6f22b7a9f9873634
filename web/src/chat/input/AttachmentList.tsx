import { useTranslation } from "react-i18next";
import { CloseIcon } from "../../components/icons";
import { useFormatBytes } from "../../files/formatBytes";
import { FILE_CLASS_TONES, FileClassIcon } from "../../files/icons";
import { fileClassOf } from "../../files/kinds";
import type { Attachment } from "./useAttachments";

/** The file list panel (spec 002 §2): count, thumbnails, names, sizes, remove one or all. */
export function AttachmentList({ attachments, onRemove, onRemoveAll }: { attachments: Attachment[]; onRemove: (id: string) => void; onRemoveAll: () => void }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  if (attachments.length === 0) return null;
  return (
    <div className="border-b border-slate-100 px-3 pt-2.5 pb-2" data-testid="attachment-list">
      <div className="mb-2 flex items-center justify-between text-xs text-slate-500">
        <span aria-live="polite">{t("input.filesSelected", { n: attachments.length })}</span>
        <button type="button" onClick={onRemoveAll} className="rounded px-1.5 py-0.5 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900">
          {t("input.removeAll")}
        </button>
      </div>
      {/*
        Wrapped, not a sideways strip: a strip hid the files past the third on a phone, with
        no sign that it scrolled (touch screens show no scrollbar). Past two and a half rows
        the list scrolls down, the cut row showing that there is more.
      */}
      <ul className="grid max-h-36 grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-2 overflow-y-auto pb-1" data-testid="attachment-items">
        {attachments.map((a) => (
          <li key={a.id} className="relative flex min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-1.5 pr-7">
            {a.previewUrl ? (
              <img src={a.previewUrl} alt="" className="size-10 shrink-0 rounded-md object-cover" />
            ) : (
              <FileTile file={a.file} />
            )}
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-800" title={a.file.name}>
                {a.file.name}
              </span>
              <span className="block text-xs text-slate-500">{formatBytes(a.file.size, 1)}</span>
            </span>
            <button
              type="button"
              onClick={() => onRemove(a.id)}
              aria-label={t("input.removeFile", { name: a.file.name })}
              className="absolute top-1 right-1 rounded-full p-1 text-slate-400 hover:bg-white hover:text-slate-700"
            >
              <CloseIcon className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A file that is not an image: its class's icon (spec 002 §9). */
function FileTile({ file }: { file: File }) {
  const fileClass = fileClassOf({ fileName: file.name, mimeType: file.type });
  return (
    <span className={`grid size-10 shrink-0 place-items-center rounded-md ring-1 ring-slate-200 ${FILE_CLASS_TONES[fileClass]}`} data-file-class={fileClass}>
      <FileClassIcon fileClass={fileClass} className="size-5" />
    </span>
  );
}
