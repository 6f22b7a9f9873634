import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { checkboxClass, fieldErrorClass, hintClass, inputClass, labelClass } from "../../../components/ui/fields";
import { FormAlert } from "../../../components/ui/FormAlert";
import { useErrorText } from "../../../components/useErrorText";
import type { KnowledgeBaseChange } from "../../../generated/KnowledgeBaseChange";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import type { NewKnowledgeBase } from "../../../generated/NewKnowledgeBase";
import type { KbScope } from "../../../generated/tools/knowledge/KbScope";
import { useChangeKnowledgeBase, useCreateKnowledgeBase } from "./queries";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The knowledge base to edit; none: a new one. */
  editing?: KnowledgeBaseItem | undefined;
  /** Whether the server lets the caller create the company's (administrators). */
  canCreateCompany: boolean;
  tenantName: string;
  onDone: (kb: KnowledgeBaseItem) => void;
};

/**
 * "New knowledge base" (a name, a description, and for administrators whose it is) or
 * "Edit knowledge base" (the name and description; only what changed is sent). The
 * server's refusal is said in the form, word for word. Reopening starts afresh.
 */
export function KnowledgeBaseDialog({ open, onOpenChange, editing, canCreateCompany, tenantName, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t("knowledge.basesPage.form.editTitle") : t("knowledge.basesPage.form.createTitle")}
      description={editing ? undefined : t("knowledge.basesPage.form.createDescription")}
      size="wide"
      testId={editing ? "edit-kb-dialog" : "new-kb-dialog"}
    >
      <KnowledgeBaseForm editing={editing} canCreateCompany={canCreateCompany && !editing} tenantName={tenantName} onDone={onDone} />
    </Dialog>
  );
}

function KnowledgeBaseForm({ editing, canCreateCompany, tenantName, onDone }: Pick<Props, "editing" | "canCreateCompany" | "tenantName" | "onDone">) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateKnowledgeBase();
  const change = useChangeKnowledgeBase();
  const mutation = editing ? change : create;
  const ids = { name: useId(), nameError: useId(), description: useId(), descriptionHint: useId(), scope: useId() };
  const [name, setName] = useState(editing?.name ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [scope, setScope] = useState<KbScope>("personal");
  const [checked, setChecked] = useState(false);
  const empty = name.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (mutation.isPending || empty) return;
    if (editing) {
      const body: KnowledgeBaseChange = {
        ...(name.trim() !== editing.name ? { name: name.trim() } : {}),
        ...(description.trim() !== editing.description ? { description: description.trim() } : {}),
      };
      if (Object.keys(body).length === 0) return onDone(editing);
      change.mutate({ id: editing.id, change: body }, { onSuccess: onDone });
    } else {
      const body: NewKnowledgeBase = { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}), ...(canCreateCompany ? { scope } : {}) };
      create.mutate(body, { onSuccess: onDone });
    }
  };

  const nameError = checked && empty ? t("knowledge.basesPage.form.nameEmpty") : undefined;
  const option = "flex items-start gap-2.5 rounded-lg px-2 py-1.5 hover:bg-slate-50";
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      <div>
        <label htmlFor={ids.name} className={labelClass}>
          {t("knowledge.basesPage.form.name")}
        </label>
        <input
          id={ids.name}
          dir="auto"
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={mutation.isPending}
          autoFocus
          placeholder={t("knowledge.basesPage.form.namePlaceholder")}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? ids.nameError : undefined}
          className={inputClass}
        />
        {nameError && (
          <p id={ids.nameError} className={fieldErrorClass}>
            {nameError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.description} className={labelClass}>
          {t("knowledge.basesPage.form.description")}
        </label>
        <textarea
          id={ids.description}
          dir="auto"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={mutation.isPending}
          rows={3}
          aria-describedby={ids.descriptionHint}
          className={`${inputClass} resize-y`}
        />
        <p id={ids.descriptionHint} className={hintClass}>
          {t("knowledge.basesPage.form.descriptionHint")}
        </p>
      </div>
      {canCreateCompany && (
        <fieldset disabled={mutation.isPending}>
          <legend className="text-sm font-medium text-slate-700">{t("knowledge.basesPage.form.scope")}</legend>
          <div className="mt-1 -mx-2 grid gap-0.5 sm:grid-cols-2">
            {(["personal", "company"] as const).map((value) => (
              <label key={value} className={option}>
                <input
                  type="radio"
                  name={ids.scope}
                  value={value}
                  className={checkboxClass}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                  aria-label={t(`knowledge.basesPage.scope.${value}`)}
                  aria-describedby={`${ids.scope}-${value}`}
                />
                <span className="text-sm">
                  <span className="block font-medium text-slate-800">{t(`knowledge.basesPage.scope.${value}`)}</span>
                  <span id={`${ids.scope}-${value}`} className="block text-xs text-slate-500">
                    {value === "company" ? t("knowledge.basesPage.form.companyHint", { tenant: tenantName }) : t("knowledge.basesPage.form.personalHint")}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {mutation.error !== null && <FormAlert>{errorText(mutation.error, editing ? t("knowledge.basesPage.form.changeFailed") : t("knowledge.basesPage.form.createFailed"))}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("knowledge.basesPage.form.cancel")}
        </DialogClose>
        <button type="submit" className={buttonClass.primary} disabled={mutation.isPending}>
          {editing
            ? mutation.isPending
              ? t("knowledge.basesPage.form.saving")
              : t("knowledge.basesPage.form.save")
            : mutation.isPending
              ? t("knowledge.basesPage.form.creating")
              : t("knowledge.basesPage.form.create")}
        </button>
      </div>
    </form>
  );
}
