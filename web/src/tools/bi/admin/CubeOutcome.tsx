import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon } from "../../../components/icons";
import { useErrorText } from "../../../components/useErrorText";
import type { useUploadCube } from "./queries";

/**
 * What the last Check or Save said: the cube is valid, with the rows it holds in the
 * admin's facilities, or the server's own sentence on what is wrong (it names the file,
 * the field and the rule, which no translation could).
 */
export function CubeOutcome({ upload }: { upload: ReturnType<typeof useUploadCube> }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  if (upload.isSuccess && !upload.data.saved) {
    const { cube, rows } = upload.data;
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900" data-testid="cube-check">
        <CheckIcon className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">
          {t("bi.admin.upload.valid", { title: cube.title, name: cube.name, rows: new Intl.NumberFormat(i18n.language).format(rows) })}
        </span>
      </p>
    );
  }
  if (upload.isError) {
    return (
      <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800" data-testid="cube-refusal">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">{upload.variables.checkOnly ? t("bi.admin.upload.checkFailed") : t("bi.admin.upload.saveFailed")}</p>
          <p className="mt-0.5 break-words whitespace-pre-wrap">{errorText(upload.error, t("bi.admin.errorGeneric"))}</p>
        </div>
      </div>
    );
  }
  return null;
}
