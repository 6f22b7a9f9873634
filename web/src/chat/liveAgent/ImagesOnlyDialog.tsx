import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, buttonClass } from "../../components/ui/Dialog";
import type { RefusedFiles } from "../input/useAttachments";

/**
 * Files refused in live-agent mode, which takes images only (spec 002 §5): pasted ones
 * under 'Cannot paste:', picked or dropped ones under 'The following files are not
 * supported:', by name.
 */
export function ImagesOnlyDialog({ refused, onClose }: { refused: RefusedFiles | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={refused !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("liveAgent.imagesOnlyTitle")}
      role="alertdialog"
      testId="images-only-alert"
      description={
        <>
          <p>{refused?.source === "paste" ? t("liveAgent.imagesOnlyPaste") : t("liveAgent.imagesOnlyPick")}</p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 font-medium text-slate-800">
            {refused?.files.map((f, i) => <li key={i}>{f.name}</li>)}
          </ul>
        </>
      }
    >
      <div className="mt-6 flex justify-end">
        <DialogClose className={buttonClass.primary} autoFocus>
          {t("dialog.ok")}
        </DialogClose>
      </div>
    </Dialog>
  );
}
