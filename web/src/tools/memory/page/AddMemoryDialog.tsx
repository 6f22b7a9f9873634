import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { checkboxClass } from "../../../components/ui/fields";
import { FormAlert } from "../../../components/ui/FormAlert";
import { useErrorText } from "../../../components/useErrorText";
import type { MemoryItem } from "../../../generated/MemoryItem";
import type { NewMemory } from "../../../generated/NewMemory";
import type { Importance } from "../../../generated/tools/memory/Importance";
import type { MemoryType } from "../../../generated/tools/memory/MemoryType";
import { ImportanceSelect, MemoryTextField } from "./memoryParts";
import { useAddMemory } from "./queries";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Administrators choose whose memory it is; everyone else adds their own. */
  isAdmin: boolean;
  tenantName: string;
  onAdded: (memory: MemoryItem) => void;
};

/**
 * "Add memory": the text (with its counter up to 2,000 characters), its importance, and
 * for administrators whether it is their own or the company's. The server's refusal (too
 * long, not an administrator, too many memories) is said in the form, word for word.
 * Closing and reopening starts a fresh form.
 */
export function AddMemoryDialog({ open, onOpenChange, isAdmin, tenantName, onAdded }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("memory.page.add")} description={t("memory.page.addDescription")} size="wide" testId="add-memory-dialog">
      <AddMemoryForm isAdmin={isAdmin} tenantName={tenantName} onAdded={onAdded} />
    </Dialog>
  );
}

function AddMemoryForm({ isAdmin, tenantName, onAdded }: Pick<Props, "isAdmin" | "tenantName" | "onAdded">) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mutation = useAddMemory();
  const typeName = useId();
  const [text, setText] = useState("");
  const [importance, setImportance] = useState<Importance>("medium");
  const [memoryType, setMemoryType] = useState<MemoryType>("personal");
  const [checked, setChecked] = useState(false);
  const empty = text.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (mutation.isPending || empty) return;
    const body: NewMemory = { memory: text.trim(), importance, ...(isAdmin ? { memoryType } : {}) };
    mutation.mutate(body, { onSuccess: onAdded });
  };

  const option = "flex items-start gap-2.5 rounded-lg px-2 py-1.5 hover:bg-slate-50";
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      <MemoryTextField value={text} onChange={setText} error={checked && empty ? t("memory.page.empty") : undefined} disabled={mutation.isPending} autoFocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <ImportanceSelect value={importance} onChange={setImportance} disabled={mutation.isPending} />
        {isAdmin && (
          <fieldset disabled={mutation.isPending}>
            <legend className="text-sm font-medium text-slate-700">{t("memory.page.typeLabel")}</legend>
            <div className="mt-1 -mx-2 grid gap-0.5">
              {(["personal", "system"] as const).map((type) => (
                <label key={type} className={option}>
                  <input
                    type="radio"
                    name={typeName}
                    value={type}
                    className={checkboxClass}
                    checked={memoryType === type}
                    onChange={() => setMemoryType(type)}
                    aria-label={t(`memory.type.${type}`)}
                    aria-describedby={`${typeName}-${type}`}
                  />
                  <span className="text-sm">
                    <span className="block font-medium text-slate-800">{t(`memory.type.${type}`)}</span>
                    <span id={`${typeName}-${type}`} className="block text-xs text-slate-500">
                      {type === "system" ? t("memory.page.typeSystemHint", { tenant: tenantName }) : t("memory.page.typePersonalHint")}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </div>
      {mutation.error !== null && <FormAlert>{errorText(mutation.error, t("memory.page.addFailed"))}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("memory.page.cancel")}
        </DialogClose>
        <button type="submit" className={buttonClass.primary} disabled={mutation.isPending}>
          {mutation.isPending ? t("memory.page.adding") : t("memory.page.add")}
        </button>
      </div>
    </form>
  );
}
