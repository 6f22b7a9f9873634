import type { TFunction } from "i18next";
import { type FormEvent, type HTMLInputTypeAttribute, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { FormAlert } from "../../../components/ui/FormAlert";
import { inputClass, labelClass } from "../../../components/ui/fields";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import { DocumentFileField } from "./DocumentFileField";
import { useAddSystem, useUpdateSystem } from "./queries";
import { AUTH_TYPES, type AuthType, type Draft, type Field, type Problems, draftOf, emptyDraft, firstProblem, inputOf, needsSecret, problemsOf } from "./systemDraft";
import { KINDS } from "./systemParts";
import { useSystemErrorText } from "./useSystemErrorText";
import { TextField as SharedTextField } from "../../../components/ui/TextField";

type Props = {
  open: boolean;
  /** The system being changed; null to add one. */
  system: SystemInfo | null;
  onClose: () => void;
  /** The server took the change: what to tell the admin. */
  onDone: (text: string) => void;
};

/**
 * Adds a business system, or changes one: name, kind, base URL, sign-in and its secret,
 * and the OpenAPI document by URL or as an uploaded file. The server imports the document
 * before it answers, so submitting can take a moment. Closing and reopening starts afresh.
 */
export function SystemFormDialog({ open, system, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={system ? t("systems.admin.form.editTitle", { name: system.name }) : t("systems.admin.form.addTitle")}
      size="wide"
      testId="system-form-dialog"
    >
      {open && <SystemForm key={system?.id ?? "new"} system={system} onDone={onDone} />}
    </Dialog>
  );
}

const sectionClass = "text-sm font-semibold text-navy-950";

function SystemForm({ system, onDone }: { system: SystemInfo | null; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const errorText = useSystemErrorText();
  const add = useAddSystem();
  const update = useUpdateSystem();
  const mutation = system ? update : add;
  const pending = mutation.isPending;
  const [draft, setDraft] = useState<Draft>(() => (system ? draftOf(system) : emptyDraft()));
  const [checked, setChecked] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const problems: Problems = checked ? problemsOf(draft, system) : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (pending) return;
    const first = firstProblem(problemsOf(draft, system));
    // Take the reader to the first thing to fix, where its message is read out.
    if (first) return event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    const input = inputOf(draft);
    // A host whose name does not resolve yet is saved all the same; the admin is told.
    const unreachable = (info: SystemInfo) => info.unreachableHost && t("systems.admin.savedUnreachable", { name: info.name, host: info.unreachableHost });
    if (system) {
      update.mutate({ id: system.id, input }, { onSuccess: (saved) => onDone(unreachable(saved) || t("systems.admin.saved", { name: saved.name })) });
    } else {
      add.mutate(input, { onSuccess: (added) => onDone(unreachable(added) || t("systems.admin.added", { name: added.name, n: added.operationCount })) });
    }
  };

  const storedSecretKept = system !== null && draft.authType !== "none" && !needsSecret(draft, system);
  const fieldProps = (field: Field) => ({ field, problem: problems[field], disabled: pending });

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-5">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_15rem]">
        <TextField {...fieldProps("name")} label={t("systems.admin.form.name")} value={draft.name} onChange={(name) => set({ name })} maxLength={100} autoFocus />
        <SelectField label={t("systems.admin.form.kind")} value={draft.kind} onChange={(kind) => set({ kind })} options={KINDS} optionLabel={(kind) => `${kind.toUpperCase()} — ${t(`systems.admin.kind.${kind}`)}`} disabled={pending} />
      </div>
      <TextField
        {...fieldProps("baseUrl")}
        label={t("systems.admin.form.baseUrl")}
        hint={t("systems.admin.form.baseUrlHint")}
        type="url"
        value={draft.baseUrl}
        onChange={(baseUrl) => set({ baseUrl })}
        placeholder="https://wms.example.com/api"
        maxLength={2000}
        mono
      />

      <fieldset disabled={pending} className="space-y-3">
        <legend className={sectionClass}>{t("systems.admin.form.signIn")}</legend>
        <SelectField
          label={t("systems.admin.form.signInType")}
          value={draft.authType}
          onChange={(authType: AuthType) => set({ authType })}
          options={AUTH_TYPES}
          optionLabel={(type) => t(`systems.admin.auth.${type}`)}
        />
        {draft.authType === "apiKey" && (
          <TextField {...fieldProps("header")} label={t("systems.admin.form.header")} value={draft.header} onChange={(header) => set({ header })} placeholder="X-API-Key" maxLength={100} mono />
        )}
        {draft.authType === "basic" && (
          <TextField {...fieldProps("username")} label={t("systems.admin.form.username")} value={draft.username} onChange={(username) => set({ username })} maxLength={200} />
        )}
        {draft.authType === "oauth2" && (
          <>
            <TextField {...fieldProps("tokenUrl")} label={t("systems.admin.form.tokenUrl")} type="url" value={draft.tokenUrl} onChange={(tokenUrl) => set({ tokenUrl })} maxLength={2000} mono />
            <TextField {...fieldProps("clientId")} label={t("systems.admin.form.clientId")} value={draft.clientId} onChange={(clientId) => set({ clientId })} maxLength={500} mono />
            <TextField field="scopes" label={t("systems.admin.form.scopes")} optional hint={t("systems.admin.form.scopesHint")} value={draft.scopes} onChange={(scopes) => set({ scopes })} disabled={pending} maxLength={2000} mono />
          </>
        )}
        {draft.authType !== "none" && (
          <TextField
            {...fieldProps("secret")}
            label={t(`systems.admin.form.secret.${draft.authType}`)}
            hint={storedSecretKept ? t("systems.admin.form.secretStored") : t("systems.admin.form.secretHint")}
            type="password"
            autoComplete="new-password"
            value={draft.secret}
            onChange={(secret) => set({ secret })}
            maxLength={4000}
          />
        )}
      </fieldset>

      <fieldset disabled={pending} className="space-y-3">
        <legend className={sectionClass}>{t("systems.admin.form.document")}</legend>
        <SourceSwitch source={draft.source} onSource={(source) => set({ source })} />
        {draft.source === "url" ? (
          <TextField
            {...fieldProps("specUrl")}
            label={t("systems.admin.form.documentUrl")}
            hint={system ? t("systems.admin.form.reimportHint") : undefined}
            type="url"
            value={draft.specUrl}
            onChange={(specUrl) => set({ specUrl })}
            placeholder="https://wms.example.com/openapi.json"
            maxLength={2000}
            mono
          />
        ) : (
          <DocumentFileField
            file={draft.file}
            onFile={(file) => set({ file })}
            error={problems.file ? t("systems.admin.form.fileRequired") : undefined}
            disabled={pending}
            hint={system?.specUrl === null ? t("systems.admin.form.documentKept") : undefined}
          />
        )}
      </fieldset>

      {mutation.error && <FormAlert>{errorText(mutation.error, t("systems.admin.errorGeneric"))}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? (system ? t("systems.admin.form.saving") : t("systems.admin.form.adding")) : system ? t("dialog.save") : t("systems.admin.add")}
        </button>
      </div>
    </form>
  );
}

/** "By URL" or "Upload a file", drawn as a segmented control. */
function SourceSwitch({ source, onSource }: { source: Draft["source"]; onSource: (source: Draft["source"]) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const options: readonly Draft["source"][] = ["url", "file"];
  return (
    <div className="inline-flex max-w-full flex-wrap rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs" role="radiogroup" aria-label={t("systems.admin.form.document")}>
      {options.map((option) => (
        <label
          key={option}
          className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 select-none hover:text-slate-900 has-checked:bg-navy-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-teal-400"
        >
          <input type="radio" name={name} value={option} checked={source === option} onChange={() => onSource(option)} className="sr-only" />
          {option === "url" ? t("systems.admin.form.fromUrl") : t("systems.admin.form.fromFile")}
        </label>
      ))}
    </div>
  );
}

type TextFieldProps = {
  field: Field | "scopes";
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: Problems[Field];
  hint?: string | undefined;
  optional?: boolean;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Addresses, header names and ids read better in a fixed-width face. */
  mono?: boolean;
};

function TextField({ field, problem, optional, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const note = optional ? <span className="font-normal text-slate-500"> ({t("systems.admin.form.optional")})</span> : undefined;
  return <SharedTextField field={field} error={problem && problemText(field, problem, t)} labelNote={note} {...rest} />;
}

function problemText(field: Field | "scopes", problem: NonNullable<Problems[Field]>, t: TFunction): string {
  if (problem === "url") return t("systems.admin.form.invalidUrl");
  return field === "secret" ? t("systems.admin.form.secretRequired") : t("systems.admin.form.required");
}

type SelectProps<T extends string> = {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly T[];
  optionLabel: (value: T) => string;
  disabled?: boolean;
};

function SelectField<T extends string>({ label, value, onChange, options, optionLabel, disabled }: SelectProps<T>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(options.find((o) => o === e.target.value) ?? value)} disabled={disabled} className={inputClass}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
