import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/icons";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { FormAlert } from "../../../components/ui/FormAlert";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import { type DocumentFile, DocumentFileField } from "./DocumentFileField";
import { useReimportSystem } from "./queries";
import { useSystemErrorText } from "./useSystemErrorText";

type Props = {
  /** The system whose document is imported again; null when closed. */
  system: SystemInfo | null;
  onClose: () => void;
  onDone: (text: string) => void;
};

/**
 * Imports a system's OpenAPI document again: from its URL when it has one, or from a file
 * chosen here (a built-in system's document can only be replaced this way).
 */
export function ReimportDialog({ system, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={system !== null}
      onOpenChange={(open) => !open && onClose()}
      title={system ? t("systems.admin.reimportTitle", { name: system.name }) : ""}
      description={t("systems.admin.reimportBody")}
      size="wide"
      testId="reimport-dialog"
    >
      {system && <Reimport key={system.id} system={system} onDone={onDone} />}
    </Dialog>
  );
}

function Reimport({ system, onDone }: { system: SystemInfo; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const errorText = useSystemErrorText();
  const reimport = useReimportSystem();
  const [file, setFile] = useState<DocumentFile | null>(null);
  const [via, setVia] = useState<"url" | "file" | null>(null);

  const run = (source: "url" | "file") => {
    if (reimport.isPending) return;
    setVia(source);
    const body = source === "file" && file ? { document: file.text } : {};
    reimport.mutate(
      { id: system.id, body },
      { onSuccess: (info) => onDone(t("systems.admin.reimported", { name: info.name, n: info.operationCount })) },
    );
  };

  const pendingVia = reimport.isPending ? via : null;
  return (
    <div className="mt-5 space-y-5">
      {system.specUrl && (
        <section className="space-y-2">
          <p className="text-sm font-medium text-slate-700">{t("systems.admin.reimportFromUrl")}</p>
          <p className="font-mono text-xs break-all text-slate-600">{system.specUrl}</p>
          <button type="button" className={`${buttonClass.primary} gap-2`} onClick={() => run("url")} disabled={reimport.isPending}>
            {pendingVia === "url" && <Spinner className="size-4" />}
            {pendingVia === "url" ? t("systems.admin.reimporting") : t("systems.admin.reimportUrl")}
          </button>
        </section>
      )}
      <section className={`space-y-3 ${system.specUrl ? "border-t border-slate-100 pt-5" : ""}`}>
        {!system.specUrl && <p className="text-sm text-slate-600">{t("systems.admin.reimportNoUrl")}</p>}
        <DocumentFileField file={file} onFile={setFile} disabled={reimport.isPending} />
        <button type="button" className={`${buttonClass.secondary} gap-2 disabled:cursor-not-allowed disabled:opacity-50`} onClick={() => run("file")} disabled={reimport.isPending || !file}>
          {pendingVia === "file" && <Spinner className="size-4" />}
          {pendingVia === "file" ? t("systems.admin.reimporting") : t("systems.admin.reimportFile")}
        </button>
      </section>
      {reimport.error && <FormAlert>{errorText(reimport.error, t("systems.admin.errorGeneric"))}</FormAlert>}
      <div className="flex justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
      </div>
    </div>
  );
}
