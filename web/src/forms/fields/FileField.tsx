import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/icons";
import { fieldErrorClass } from "../../components/ui/fields";
import { uploadFailure, uploadFile } from "../../files/upload";
import { fileNameOf, safeLink } from "../links";
import { type ControlProps, userText } from "./parts";

type Upload = { state: "idle" } | { state: "uploading"; name: string } | { state: "failed"; failure: ReturnType<typeof uploadFailure> };

/**
 * A file field (spec 001 §3, §7): the picked file goes to the file service at once and
 * the field holds its non-expiring view link; Remove empties it. A failed upload says why
 * and leaves the value as it was.
 */
export function FileField({ field, id, value, onChange, disabled, invalid, describedBy }: ControlProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [pickedName, setPickedName] = useState<string | null>(null);
  const url = typeof value === "string" && value ? value : null;
  const link = url ? safeLink(url) : null;
  const busy = upload.state === "uploading";

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ state: "uploading", name: file.name });
    try {
      const uploaded = await uploadFile(file);
      setPickedName(file.name);
      setUpload({ state: "idle" });
      onChange(uploaded.url);
    } catch (cause) {
      setUpload({ state: "failed", failure: uploadFailure(cause) });
    } finally {
      // The same file can be picked again after a failure or a removal.
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="space-y-1.5">
      <input
        ref={input}
        id={id}
        type="file"
        // Once a file is uploaded its line says so; Remove brings the picker back.
        hidden={url !== null}
        onChange={(e) => void pick(e.target.files?.[0])}
        disabled={disabled || busy}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={field.required || undefined}
        className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      />
      {busy ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-600" role="status">
          <Spinner className="size-3.5 text-teal-600" />
          <span className={userText} dir="auto">
            {t("dynamicForm.file.uploading", { name: upload.name })}
          </span>
        </p>
      ) : null}
      {upload.state === "failed" ? (
        <p className={`${fieldErrorClass} ${userText}`} role="alert" dir="auto">
          {"status" in upload.failure ? t("dynamicForm.file.failedStatus", { status: upload.failure.status }) : t("dynamicForm.file.failed", { message: upload.failure.reason })}
        </p>
      ) : null}
      {url ? (
        <div className="flex min-w-0 items-center gap-2 rounded-lg bg-slate-50 px-2.5 py-1.5 text-sm" data-testid="file-uploaded">
          <span className="shrink-0 text-xs font-medium text-teal-700">{t("dynamicForm.file.uploaded")}</span>
          {link ? (
            <a href={link} target="_blank" rel="noreferrer noopener" className={`truncate text-slate-800 underline ${userText}`} dir="auto" title={t("dynamicForm.file.open")}>
              {pickedName ?? fileNameOf(url)}
            </a>
          ) : (
            <span className={`truncate text-slate-800 ${userText}`} dir="auto">
              {pickedName ?? fileNameOf(url)}
            </span>
          )}
          <span className="flex-1" />
          {disabled ? null : (
            <button
              type="button"
              onClick={() => {
                setPickedName(null);
                onChange("");
              }}
              className="shrink-0 rounded-md px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-200"
            >
              {t("dynamicForm.file.remove")}
            </button>
          )}
        </div>
      ) : null}
    </div>
  );
}
