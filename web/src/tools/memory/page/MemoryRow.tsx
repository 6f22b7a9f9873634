import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PencilIcon, TrashIcon } from "../../../components/icons";
import { buttonClass } from "../../../components/ui/Dialog";
import { FormAlert } from "../../../components/ui/FormAlert";
import { useErrorText } from "../../../components/useErrorText";
import type { MemoryChange } from "../../../generated/MemoryChange";
import type { MemoryItem } from "../../../generated/MemoryItem";
import type { Importance } from "../../../generated/tools/memory/Importance";
import { ImportanceSelect, MemoryBadges, MemoryDates, MemoryTextField, userText } from "./memoryParts";
import { useChangeMemory } from "./queries";

type Props = {
  item: MemoryItem;
  editing: boolean;
  onEdit: () => void;
  onEditDone: (saved: boolean) => void;
  onDelete: (item: MemoryItem) => void;
};

const small = "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium";

/**
 * One memory: its text, whose it is, its importance and source (and score in a search),
 * when it was created and last changed, and — when the caller may change it — Edit
 * (text and importance, in place) and Delete. Company memories read "Read-only" to
 * members who may not change them.
 */
export function MemoryRow({ item, editing, onEdit, onEditDone, onDelete }: Props) {
  const { t } = useTranslation();
  // Each row's Edit and Delete name the memory they act on, for a screen reader.
  const textId = useId();
  return (
    <li className="px-4 py-3.5 sm:px-5" data-testid="memory-row" data-id={item.id} data-type={item.memoryType} data-editable={item.editable}>
      {editing ? (
        <EditMemory item={item} onDone={onEditDone} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1 space-y-2">
            <p id={textId} dir="auto" className={`text-sm text-slate-900 ${userText}`} data-testid="memory-text">
              {item.memory}
            </p>
            <MemoryBadges item={item} />
            <MemoryDates item={item} />
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {item.editable ? (
              <>
                <button type="button" className={`${small} text-slate-700 hover:bg-slate-100`} onClick={onEdit} aria-describedby={textId} data-testid="memory-edit">
                  <PencilIcon className="size-4" />
                  {t("memory.page.edit")}
                </button>
                <button type="button" className={`${small} text-red-700 hover:bg-red-50`} onClick={() => onDelete(item)} aria-describedby={textId} data-testid="memory-delete">
                  <TrashIcon className="size-4" />
                  {t("memory.page.delete")}
                </button>
              </>
            ) : (
              <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600" title={t("memory.page.readOnlyHint")} data-testid="memory-read-only">
                {t("memory.page.readOnly")}
              </span>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

/** The text and importance, changed in place; only what changed is sent. */
function EditMemory({ item, onDone }: { item: MemoryItem; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mutation = useChangeMemory();
  const [text, setText] = useState(item.memory);
  const [importance, setImportance] = useState<Importance>(item.importance);
  const [checked, setChecked] = useState(false);
  const empty = text.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (mutation.isPending || empty) return;
    const change: MemoryChange = {
      ...(text.trim() !== item.memory ? { memory: text.trim() } : {}),
      ...(importance !== item.importance ? { importance } : {}),
    };
    if (Object.keys(change).length === 0) return onDone(false);
    mutation.mutate({ id: item.id, change }, { onSuccess: () => onDone(true) });
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate data-testid="memory-edit-form">
      <MemoryTextField value={text} onChange={setText} error={checked && empty ? t("memory.page.empty") : undefined} disabled={mutation.isPending} autoFocus rows={3} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-48">
          <ImportanceSelect value={importance} onChange={setImportance} disabled={mutation.isPending} />
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => onDone(false)} disabled={mutation.isPending}>
            {t("memory.page.cancel")}
          </button>
          <button type="submit" className={buttonClass.primary} disabled={mutation.isPending}>
            {mutation.isPending ? t("memory.page.saving") : t("memory.page.save")}
          </button>
        </div>
      </div>
      {mutation.error !== null && <FormAlert>{errorText(mutation.error, t("memory.page.changeFailed"))}</FormAlert>}
    </form>
  );
}
