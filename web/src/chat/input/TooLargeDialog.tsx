import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, buttonClass } from "../../components/ui/Dialog";
import { useFormatBytes } from "../../files/formatBytes";
import type { RefusedFiles } from "./useAttachments";

/**
 * The too-large alert (spec 002 §5): pasted files are listed with their sizes, picked or
 * dropped ones by name, each under the spec's own sentence.
 */
export function TooLargeDialog({ refused, onClose }: { refused: RefusedFiles | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const message = refused?.source === "paste" ? t("alerts.tooLargePaste") : t("alerts.tooLargePick");
  return (
    <Dialog
      open={refused !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("alerts.title")}
      role="alertdialog"
      testId="too-large-alert"
      description={
        <>
          <p>{message}</p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 font-medium text-slate-800">
            {refused?.files.map((f, i) => (
              <li key={i}>{refused.source === "paste" ? `${f.name} (${formatBytes(f.size, 1)})` : f.name}</li>
            ))}
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
