import { type DragEvent, useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../../api/client";
import { DOCUMENT_ACCEPT, addDocuments } from "../api/knowledge";
import { AlertIcon, CheckIcon, Spinner } from "../../../components/icons";
import { UploadIcon } from "../../../components/moreIcons";
import { useErrorText } from "../../../components/useErrorText";
import { useFormatBytes } from "../../../files/formatBytes";
import { uploadFile } from "../../../files/upload";
import { userText } from "./knowledgeParts";

/** Where one picked or dropped file stands: uploaded through the file service, then added as a document. */
export type UploadStage = "waiting" | "uploading" | "adding" | "added" | "refused";
export type Upload = { key: number; name: string; size: number; stage: UploadStage; message?: string };

let nextKey = 0;

/**
 * Uploads files one after the other, then adds each as a document of knowledge base `kbId`
 * on its own, so a file the server refuses (422: a kind it cannot read) says its sentence
 * next to that file while the others still go in. `onAdded` runs after each document added.
 */
export function useDocumentUploads(kbId: string, onAdded: () => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef(Promise.resolve());

  const set = useCallback((key: number, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u))), []);

  const add = useCallback(
    (files: readonly File[]) => {
      const entries = files.map((file) => ({ file, key: (nextKey += 1) }));
      setUploads((all) => [...all, ...entries.map(({ file, key }): Upload => ({ key, name: file.name, size: file.size, stage: "waiting" }))]);
      for (const { file, key } of entries) {
        queue.current = queue.current.then(async () => {
          try {
            set(key, { stage: "uploading" });
            const uploaded = await uploadFile(file);
            if (!uploaded.id) throw new Error(t("knowledge.basesPage.upload.failed"));
            set(key, { stage: "adding" });
            await addDocuments(kbId, [uploaded.id]);
            set(key, { stage: "added" });
            onAdded();
          } catch (error) {
            // The server's sentence (a kind of file it cannot read, a file too large), else ours.
            const message = error instanceof ApiRequestError ? errorText(error, t("knowledge.basesPage.upload.failed")) : error instanceof Error && error.message ? error.message : t("knowledge.basesPage.upload.failed");
            set(key, { stage: "refused", message });
          }
        });
      }
    },
    [kbId, onAdded, errorText, t, set],
  );

  const busy = uploads.some((u) => u.stage === "waiting" || u.stage === "uploading" || u.stage === "adding");
  const clear = () => setUploads((all) => all.filter((u) => u.stage === "waiting" || u.stage === "uploading" || u.stage === "adding"));
  return { uploads, add, busy, clear };
}

/**
 * "Add documents": a file picker for the kinds the server reads, and a drop zone around
 * it; then each file with where it stands — uploading (a progress bar), adding, added,
 * or the server's refusal.
 */
export function AddDocuments({ kbId, onAdded }: { kbId: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const { uploads, add, busy, clear } = useDocumentUploads(kbId, onAdded);
  const [over, setOver] = useState(false);
  const ids = { hint: useId(), list: useId() };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) add(files);
  };

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-5 text-center transition sm:flex-row sm:text-left ${over ? "border-teal-500 bg-teal-50" : "border-slate-300 bg-slate-50/60"}`}
        data-testid="kb-drop-zone"
      >
        <UploadIcon className={`size-6 shrink-0 ${over ? "text-teal-600" : "text-slate-400"}`} />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-700">
            <label className="inline-flex cursor-pointer items-center rounded-lg bg-navy-900 px-3 py-1.5 text-sm font-semibold text-white focus-within:ring-2 focus-within:ring-teal-500 focus-within:ring-offset-2 hover:bg-navy-800">
              {t("knowledge.basesPage.add")}
              <input
                type="file"
                multiple
                accept={DOCUMENT_ACCEPT}
                aria-describedby={ids.hint}
                className="sr-only"
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  event.target.value = "";
                  if (files.length > 0) add(files);
                }}
                data-testid="kb-file-input"
              />
            </label>{" "}
            <span className="ms-1">{over ? t("knowledge.basesPage.dropActive") : t("knowledge.basesPage.drop")}</span>
          </p>
          <p id={ids.hint} className="mt-1.5 text-xs text-slate-500">
            {t("knowledge.basesPage.addHint")}
          </p>
        </div>
      </div>
      {uploads.length > 0 && (
        <div>
          <div className="flex items-center justify-between gap-2">
            <h4 id={ids.list} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {t("knowledge.basesPage.uploads")}
            </h4>
            {!busy && (
              <button type="button" onClick={clear} className="rounded text-xs font-medium text-teal-700 hover:text-teal-900">
                {t("knowledge.basesPage.clearUploads")}
              </button>
            )}
          </div>
          <ul aria-labelledby={ids.list} className="mt-1.5 divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="kb-uploads">
            {uploads.map((upload) => (
              <UploadRow key={upload.key} upload={upload} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const { stage } = upload;
  return (
    <li className="space-y-1 px-3 py-2" data-testid="kb-upload" data-stage={stage}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="min-w-0 text-sm">
          <span dir="auto" className={`font-medium text-slate-900 ${userText}`} data-testid="kb-upload-name">
            {upload.name}
          </span>
          <span className="ms-2 text-xs text-slate-500">{formatBytes(upload.size)}</span>
        </span>
        <span
          className={`inline-flex shrink-0 items-center gap-1.5 text-xs font-medium ${stage === "refused" ? "text-red-700" : stage === "added" ? "text-emerald-700" : "text-slate-600"}`}
          data-testid="kb-upload-stage"
        >
          {stage === "added" ? <CheckIcon className="size-3.5" /> : stage === "refused" ? <AlertIcon className="size-3.5" /> : <Spinner className="size-3.5" />}
          {stage === "refused" ? t("knowledge.basesPage.upload.failed") : t(`knowledge.basesPage.upload.${stage}`)}
        </span>
      </div>
      {stage === "uploading" && (
        <div role="progressbar" aria-label={t("knowledge.basesPage.uploadingLabel", { name: upload.name })} className="h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-teal-500" />
        </div>
      )}
      {stage === "refused" && upload.message && (
        <p role="alert" dir="auto" className={`text-sm text-red-800 ${userText}`} data-testid="kb-upload-refusal">
          {upload.message}
        </p>
      )}
    </li>
  );
}
