import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileIcon } from "../../../components/icons";
import { fieldErrorClass, hintClass, labelClass } from "../../../components/ui/fields";
import { useFormatBytes } from "../../../files/formatBytes";

/** The largest document read in the browser; the server holds documents to its own limit too. */
export const MAX_DOCUMENT_BYTES = 9 * 1024 * 1024;

const EXTENSIONS = /\.(json|ya?ml)$/i;
const ACCEPT = ".json,.yaml,.yml,application/json,application/yaml,application/x-yaml,text/yaml";

/** An OpenAPI document chosen from disk, read as text to be sent as `document`. */
export type DocumentFile = { name: string; size: number; text: string };

type Props = {
  file: DocumentFile | null;
  onFile: (file: DocumentFile | null) => void;
  /** Said beneath when the form needs a file and has none. */
  error?: string | undefined;
  disabled?: boolean;
  /** Under the label: what choosing a file does here. */
  hint?: string;
};

/**
 * A file input for a .json, .yaml or .yml document: the file is read at once, so the form
 * sends text; a file over 9 MB (the request, escaped, must stay under the server's 10 MB) or of another type is refused before it is read.
 */
export function DocumentFileField({ file, onFile, error, disabled = false, hint }: Props) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const ids = { input: useId(), hint: useId(), error: useId(), chosen: useId() };
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setRefusal(null);
    if (!chosen) return onFile(null);
    const size = formatBytes(chosen.size, 1);
    if (!EXTENSIONS.test(chosen.name)) {
      event.target.value = "";
      onFile(null);
      return setRefusal(t("systems.admin.form.fileType", { name: chosen.name }));
    }
    if (chosen.size > MAX_DOCUMENT_BYTES) {
      event.target.value = "";
      onFile(null);
      return setRefusal(t("systems.admin.form.fileTooLarge", { name: chosen.name, size }));
    }
    setReading(true);
    try {
      onFile({ name: chosen.name, size: chosen.size, text: await chosen.text() });
    } catch {
      onFile(null);
      setRefusal(t("systems.admin.form.fileUnreadable", { name: chosen.name }));
    } finally {
      setReading(false);
    }
  };

  const shownError = refusal ?? error;
  const describedBy = [ids.hint, file ? ids.chosen : null, shownError ? ids.error : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={ids.input} className={labelClass}>
        {t("systems.admin.form.file")}
      </label>
      <input
        id={ids.input}
        type="file"
        accept={ACCEPT}
        onChange={(event) => void choose(event)}
        disabled={disabled || reading}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
      />
      <p id={ids.hint} className={hintClass}>
        {hint ?? t("systems.admin.form.fileHint")}
      </p>
      {file && (
        <p id={ids.chosen} className="mt-1.5 flex items-center gap-1.5 text-xs text-slate-700" data-testid="chosen-document">
          <FileIcon className="size-3.5 shrink-0 text-slate-500" />
          <span className="min-w-0 truncate font-medium">{file.name}</span>
          <span className="shrink-0 text-slate-500">{formatBytes(file.size, 1)}</span>
        </p>
      )}
      {shownError && (
        <p id={ids.error} className={fieldErrorClass}>
          {shownError}
        </p>
      )}
    </div>
  );
}
