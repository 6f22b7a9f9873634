import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/icons";
import { DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { fieldErrorClass, hintClass, inputClass, labelClass } from "../../../components/ui/fields";
import { useFormatBytes } from "../../../files/formatBytes";
import type { CubeUpload } from "../../../generated/bi/CubeUpload";
import { CubeFilePicker, MAX_CUBE_BYTES } from "./CubeFilePicker";
import { CubeOutcome } from "./CubeOutcome";
import { useUploadCube } from "./queries";

type Props = {
  /** The file to start from (a replaced cube's); empty to add one. */
  initial?: { yaml: string; fileName: string };
  onDone: (text: string) => void;
};

/**
 * The cube file's YAML (picked from disk or pasted) and its file name, with Check (a trial
 * run that stores nothing) and Save. A change to the text clears the last check's outcome.
 */
export function CubeUploadForm({ initial, onDone }: Props) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const upload = useUploadCube();
  const ids = { yaml: useId(), yamlError: useId(), fileName: useId(), fileNameHint: useId() };
  const [yaml, setYaml] = useState(initial?.yaml ?? "");
  const [fileName, setFileName] = useState(initial?.fileName ?? "");
  const bytes = useMemo(() => new TextEncoder().encode(yaml).length, [yaml]);
  const tooLarge = bytes > MAX_CUBE_BYTES;
  const pending = upload.isPending;
  const ready = yaml.trim() !== "" && !tooLarge && !pending;

  const edit = (change: () => void) => {
    upload.reset();
    change();
  };

  const send = (checkOnly: boolean) => {
    if (!ready) return;
    const body: CubeUpload = { yaml, ...(fileName.trim() ? { fileName: fileName.trim() } : {}), ...(checkOnly ? { checkOnly } : {}) };
    upload.mutate(body, {
      onSuccess: (result) => {
        if (result.saved) onDone(t(result.replaced ? "bi.admin.replaced" : "bi.admin.added", { name: result.cube.name }));
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(false);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <CubeFilePicker
        disabled={pending}
        onPick={(file) =>
          edit(() => {
            setYaml(file.text);
            setFileName(file.name);
          })
        }
      />
      <div>
        <label htmlFor={ids.yaml} className={labelClass}>
          {t("bi.admin.upload.yaml")}
        </label>
        <textarea
          id={ids.yaml}
          value={yaml}
          onChange={(e) => edit(() => setYaml(e.target.value))}
          disabled={pending}
          rows={14}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={tooLarge ? true : undefined}
          aria-describedby={tooLarge ? ids.yamlError : undefined}
          className={`${inputClass} font-mono text-xs leading-relaxed whitespace-pre`}
        />
        {tooLarge && (
          <p id={ids.yamlError} className={fieldErrorClass}>
            {t("bi.admin.upload.textTooLarge", { size: formatBytes(bytes, 1) })}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.fileName} className={labelClass}>
          {t("bi.admin.upload.fileName")}
        </label>
        <input
          id={ids.fileName}
          type="text"
          value={fileName}
          onChange={(e) => edit(() => setFileName(e.target.value))}
          disabled={pending}
          placeholder="zones.yaml"
          maxLength={200}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={ids.fileNameHint}
          className={`${inputClass} font-mono text-[13px]`}
        />
        <p id={ids.fileNameHint} className={hintClass}>
          {t("bi.admin.upload.fileNameHint")}
        </p>
      </div>

      <CubeOutcome upload={upload} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="button" className={`${buttonClass.secondary} gap-2 disabled:cursor-not-allowed disabled:opacity-50`} onClick={() => send(true)} disabled={!ready} data-testid="cube-check-button">
          {pending && upload.variables?.checkOnly && <Spinner className="size-4" />}
          {pending && upload.variables?.checkOnly ? t("bi.admin.upload.checking") : t("bi.admin.upload.check")}
        </button>
        <button type="submit" className={`${buttonClass.primary} gap-2`} disabled={!ready}>
          {pending && !upload.variables?.checkOnly && <Spinner className="size-4" />}
          {pending && !upload.variables?.checkOnly ? t("bi.admin.upload.saving") : t("bi.admin.upload.save")}
        </button>
      </div>
    </form>
  );
}
