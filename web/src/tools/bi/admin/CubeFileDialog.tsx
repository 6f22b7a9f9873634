import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, CopyIcon, DownloadIcon, Spinner } from "../../../components/icons";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { useCopy } from "../../../components/useCopy";
import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";
import type { CubeFileText } from "../../../generated/bi/CubeFileText";
import { useCubeFile } from "./queries";

type Props = {
  /** The cube whose file is shown; null when closed. */
  cube: CubeFileInfo | null;
  onClose: () => void;
};

/** A cube's YAML, read only, to copy or download: a shipped cube's serves as a template. */
export function CubeFileDialog({ cube, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={cube !== null}
      onOpenChange={(open) => !open && onClose()}
      title={cube ? t("bi.admin.file.title", { name: cube.name }) : ""}
      description={cube ? t(cube.shipped ? "bi.admin.file.shippedNote" : "bi.admin.file.ownNote") : undefined}
      size="large"
      testId="cube-file-dialog"
    >
      {cube && <CubeFile name={cube.name} />}
    </Dialog>
  );
}

function CubeFile({ name }: { name: string }) {
  const { t } = useTranslation();
  const file = useCubeFile(name);
  let content;
  if (file.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500">
        <Spinner className="size-4" />
        {t("bi.admin.file.loading")}
      </p>
    );
  } else if (file.isError) {
    content = (
      <div role="alert" className="flex flex-wrap items-center gap-3 py-6 text-sm text-red-800">
        <AlertIcon className="size-5 shrink-0" />
        <span>{t("bi.admin.file.loadFailed")}</span>
        <button type="button" className={buttonClass.secondary} onClick={() => void file.refetch()}>
          {t("chat.retry")}
        </button>
      </div>
    );
  } else {
    content = <YamlView file={file.data} />;
  }
  return (
    <div className="mt-4 space-y-4">
      {content}
      <div className="flex justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("bi.admin.file.close")}
        </DialogClose>
      </div>
    </div>
  );
}

/** A link that saves the text under the file's name, without a round trip. */
const downloadHref = (yaml: string) => `data:application/yaml;charset=utf-8,${encodeURIComponent(yaml)}`;

function YamlView({ file }: { file: CubeFileText }) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  const { copied, copy } = useCopy(() => setRefused(true));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-xs break-all text-slate-600">{file.fileName}</span>
        <span className="flex gap-2">
          <button type="button" className={`${buttonClass.secondary} gap-1.5`} onClick={() => void copy(file.yaml)}>
            {copied ? <CheckIcon className="size-4 text-teal-600" /> : <CopyIcon className="size-4 text-slate-500" />}
            {copied ? t("bi.admin.file.copied") : t("bi.admin.file.copy")}
          </button>
          <a href={downloadHref(file.yaml)} download={file.fileName} className={`${buttonClass.secondary} gap-1.5`} aria-label={t("bi.admin.file.downloadLabel", { fileName: file.fileName })}>
            <DownloadIcon className="size-4 text-slate-500" />
            {t("bi.admin.file.download")}
          </a>
        </span>
      </div>
      {refused && <p className="text-xs text-amber-800">{t("bi.admin.file.copyRefused")}</p>}
      <pre className="max-h-[60vh] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed text-slate-800" data-testid="cube-yaml">
        {file.yaml}
      </pre>
    </div>
  );
}
