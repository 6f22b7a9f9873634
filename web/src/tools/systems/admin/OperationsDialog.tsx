import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, Spinner } from "../../../components/icons";
import { SearchIcon } from "../../../components/moreIcons";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { FormAlert } from "../../../components/ui/FormAlert";
import { checkboxClass } from "../../../components/ui/fields";
import type { OperationInfo } from "../../../generated/systems/OperationInfo";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import { useOperations, useSetSafeOperations } from "./queries";
import { MethodBadge } from "./systemParts";
import { useSystemErrorText } from "./useSystemErrorText";

type Props = {
  /** The system whose operations are open; null when closed. */
  system: SystemInfo | null;
  onClose: () => void;
  onDone: (text: string) => void;
};

/**
 * A system's operations, filtered as one types, where the admin marks the ones that change
 * data as safe: their calls then run without asking the user. Reads never ask.
 */
export function OperationsDialog({ system, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={system !== null}
      onOpenChange={(open) => !open && onClose()}
      title={system ? t("systems.admin.ops.title", { name: system.name }) : ""}
      description={t("systems.admin.ops.explain")}
      size="large"
      testId="operations-dialog"
    >
      {system && <Operations key={system.id} system={system} onDone={onDone} />}
    </Dialog>
  );
}

function Operations({ system, onDone }: { system: SystemInfo; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const operations = useOperations(system.id);
  if (operations.data) return <SafeOperationsForm system={system} operations={operations.data.operations} onDone={onDone} />;
  if (operations.isError) {
    return (
      <div role="alert" className="mt-5 flex flex-wrap items-center gap-3 text-sm text-red-800">
        <AlertIcon className="size-5 shrink-0" />
        <span>{t("systems.admin.ops.loadFailed")}</span>
        <button type="button" className={buttonClass.secondary} onClick={() => void operations.refetch()}>
          {t("chat.retry")}
        </button>
      </div>
    );
  }
  return (
    <p role="status" className="mt-5 flex items-center gap-2 text-sm text-slate-500">
      <Spinner className="size-4" />
      {t("systems.admin.ops.loading")}
    </p>
  );
}

const matches = (operation: OperationInfo, words: readonly string[]) => {
  const text = `${operation.method} ${operation.path} ${operation.summary ?? ""} ${operation.key}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

function SafeOperationsForm({ system, operations, onDone }: { system: SystemInfo; operations: readonly OperationInfo[]; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const errorText = useSystemErrorText();
  const save = useSetSafeOperations();
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const [safe, setSafe] = useState<ReadonlySet<string>>(() => new Set(operations.filter((o) => o.safe).map((o) => o.key)));

  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = operations.filter((operation) => matches(operation, words));
  const writes = operations.filter((o) => o.writes);
  const marked = writes.filter((o) => safe.has(o.key)).length;

  const toggle = (key: string, on: boolean) =>
    setSafe((keys) => {
      const next = new Set(keys);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    // Every key marked safe, hidden by the filter or not, in the document's order.
    const keys = operations.filter((o) => safe.has(o.key)).map((o) => o.key);
    save.mutate({ id: system.id, keys }, { onSuccess: (info) => onDone(t("systems.admin.ops.saved", { name: info.name })) });
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-3">
      <div>
        <label htmlFor={filterId} className="sr-only">
          {t("systems.admin.ops.filter")}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t("systems.admin.ops.filterPlaceholder")}
            maxLength={200}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
          />
        </div>
      </div>

      <div className="max-h-[min(28rem,50dvh)] overflow-y-auto rounded-xl border border-slate-200">
        {shown.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500">{t("systems.admin.ops.none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t("systems.admin.operations")}>
            {shown.map((operation) => (
              <OperationRow key={operation.key} operation={operation} safe={safe.has(operation.key)} onSafe={(on) => toggle(operation.key, on)} disabled={save.isPending} />
            ))}
          </ul>
        )}
      </div>

      <p className="text-xs text-slate-500" aria-live="polite">
        {t("systems.admin.ops.markedCount", { marked, writes: writes.length })}
      </p>
      {save.error && <FormAlert>{errorText(save.error, t("systems.admin.errorGeneric"))}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? t("systems.admin.ops.saving") : t("dialog.save")}
        </button>
      </div>
    </form>
  );
}

function OperationRow({ operation, safe, onSafe, disabled }: { operation: OperationInfo; safe: boolean; onSafe: (on: boolean) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const name = `${operation.method.toUpperCase()} ${operation.path}`;
  return (
    <li className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1.5 px-3 py-2.5 sm:grid-cols-[auto_1fr_auto]" data-testid="operation-row">
      <MethodBadge method={operation.method} />
      <div className="min-w-0">
        <p className="font-mono text-[13px] break-all text-slate-900">{operation.path}</p>
        {operation.summary && <p className="mt-0.5 text-xs break-words text-slate-500">{operation.summary}</p>}
      </div>
      <div className="col-start-2 sm:col-start-auto sm:text-right">
        {operation.writes ? (
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              className={`${checkboxClass} mt-0`}
              checked={safe}
              onChange={(e) => onSafe(e.target.checked)}
              disabled={disabled}
              aria-label={t("systems.admin.ops.markSafe", { operation: name })}
            />
            {t("systems.admin.ops.safe")}
          </label>
        ) : (
          <span className="text-xs whitespace-nowrap text-slate-500">{t("systems.admin.ops.readOnly")}</span>
        )}
      </div>
    </li>
  );
}
