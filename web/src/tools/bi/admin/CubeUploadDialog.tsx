import { useTranslation } from "react-i18next";
import { AlertIcon, Spinner } from "../../../components/icons";
import { Dialog, buttonClass } from "../../../components/ui/Dialog";
import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";
import { CubeUploadForm } from "./CubeUploadForm";
import { useCubeFile } from "./queries";

type Props = {
  open: boolean;
  /** The tenant's own cube whose file is replaced (the form starts from it); null to add one. */
  cube: CubeFileInfo | null;
  onClose: () => void;
  /** The server stored the file: what to tell the admin. */
  onDone: (text: string) => void;
};

/** Adds a cube from its file, or replaces one: checked by a trial run first if the admin likes. */
export function CubeUploadDialog({ open, cube, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={cube ? t("bi.admin.upload.replaceTitle", { name: cube.name }) : t("bi.admin.upload.addTitle")}
      description={t("bi.admin.upload.intro")}
      size="large"
      testId="cube-upload-dialog"
    >
      {open && (cube ? <ReplaceForm key={cube.name} name={cube.name} onDone={onDone} /> : <CubeUploadForm onDone={onDone} />)}
    </Dialog>
  );
}

/** The form, once the cube's current file is loaded to start from. */
function ReplaceForm({ name, onDone }: { name: string; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const file = useCubeFile(name);
  if (file.isPending) {
    return (
      <p role="status" className="mt-4 flex items-center gap-2 py-6 text-sm text-slate-500">
        <Spinner className="size-4" />
        {t("bi.admin.file.loading")}
      </p>
    );
  }
  if (file.isError) {
    return (
      <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 py-6 text-sm text-red-800">
        <AlertIcon className="size-5 shrink-0" />
        <span>{t("bi.admin.file.loadFailed")}</span>
        <button type="button" className={buttonClass.secondary} onClick={() => void file.refetch()}>
          {t("chat.retry")}
        </button>
      </div>
    );
  }
  return <CubeUploadForm initial={{ yaml: file.data.yaml, fileName: file.data.fileName }} onDone={onDone} />;
}
