import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorClass, hintClass, labelClass } from "../../../components/ui/fields";
import { useFormatBytes } from "../../../files/formatBytes";

/** The largest cube file the server takes (256 KiB); a bigger one is never sent. */
export const MAX_CUBE_BYTES = 256 * 1024;

const EXTENSIONS = /\.ya?ml$/i;

/** A cube file chosen from disk, read as text. */
export type PickedCube = { name: string; text: string };

type Props = {
  onPick: (file: PickedCube) => void;
  disabled?: boolean;
};

/**
 * A file input for a .yaml or .yml cube file: the file is read at once and handed over as
 * text; one of another type or over 256 KiB is refused before it is read.
 */
export function CubeFilePicker({ onPick, disabled = false }: Props) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = input.files?.[0];
    setRefusal(null);
    if (!chosen) return;
    const refuse = (text: string) => {
      input.value = "";
      setRefusal(text);
    };
    if (!EXTENSIONS.test(chosen.name)) return refuse(t("bi.admin.upload.fileType", { name: chosen.name }));
    if (chosen.size > MAX_CUBE_BYTES) return refuse(t("bi.admin.upload.fileTooLarge", { name: chosen.name, size: formatBytes(chosen.size, 1) }));
    setReading(true);
    try {
      onPick({ name: chosen.name, text: await chosen.text() });
    } catch {
      refuse(t("bi.admin.upload.fileUnreadable", { name: chosen.name }));
    } finally {
      setReading(false);
    }
  };

  return (
    <div>
      <label htmlFor={ids.input} className={labelClass}>
        {t("bi.admin.upload.file")}
      </label>
      <input
        id={ids.input}
        type="file"
        accept=".yaml,.yml,application/yaml,application/x-yaml,text/yaml"
        onChange={(event) => void choose(event)}
        disabled={disabled || reading}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? `${ids.hint} ${ids.error}` : ids.hint}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
      />
      <p id={ids.hint} className={hintClass}>
        {t("bi.admin.upload.fileHint")}
      </p>
      {refusal && (
        <p id={ids.error} className={fieldErrorClass}>
          {refusal}
        </p>
      )}
    </div>
  );
}
