import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AllowedValue, type CreateField, FACILITY_FIELD, type TrackerProject, jiraErrorOf } from "../api/trackerRest";
import { Spinner } from "../../../components/icons";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { FormAlert } from "../../../components/ui/FormAlert";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { fieldErrorClass, hintClass, inputClass, labelClass } from "../../../components/ui/fields";
import { useErrorText } from "../../../components/useErrorText";
import { type Draft, type FormField, createFieldsOf, emptyDraft, formFieldsOf } from "./createDraft";
import { trackerName } from "./names";
import { useAssignable, useCreateFields, useCreateIssue, useIssueTypes } from "./queries";

type Props = {
  open: boolean;
  projects: readonly TrackerProject[];
  /** The project to start with (the list's filter), if any. */
  project: string | null;
  onClose: () => void;
  /** The issue was created: its key. */
  onCreated: (key: string) => void;
};

/**
 * Creates an issue: a project, then an issue type, then the fields that type's create
 * screen has, as the server describes them. Required fields are marked; the server judges
 * what is missing and its words are shown under each field. Closing starts afresh.
 */
export function CreateIssueDialog({ open, projects, project, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t("jira.issues.create.title")} description={t("jira.issues.create.intro")} size="wide" testId="create-issue-dialog">
      {open && <CreateIssueForm projects={projects} initialProject={project ?? (projects.length === 1 ? projects[0]!.key : "")} onCreated={onCreated} />}
    </Dialog>
  );
}

/** Field labels in the reader's language; a field the form does not know keeps the server's name. */
const LABEL_KEYS = {
  summary: "jira.issues.field.summary",
  description: "jira.issues.field.description",
  priority: "jira.issues.field.priority",
  assignee: "jira.issues.field.assignee",
  labels: "jira.issues.field.labels",
  duedate: "jira.issues.field.duedate",
  [FACILITY_FIELD]: "jira.issues.field.facility",
} as const satisfies Record<FormField, string>;

const optionLabel = (value: AllowedValue) => value.name ?? value.value ?? value.id ?? "";

function CreateIssueForm({ projects, initialProject, onCreated }: { projects: readonly TrackerProject[]; initialProject: string; onCreated: (key: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [project, setProject] = useState(initialProject);
  const [typeId, setTypeId] = useState("");
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  /** Fields changed since the last refusal: their refusal no longer holds. */
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const types = useIssueTypes(project);
  const meta = useCreateFields(project, typeId);
  const shown = typeId && meta.data ? formFieldsOf(meta.data) : [];
  const assignable = useAssignable(project, shown.some((f) => f.fieldId === "assignee"));
  const create = useCreateIssue();
  const pending = create.isPending;

  const refusal = jiraErrorOf(create.error);
  const fieldError = (id: string) => (edited.has(id) ? undefined : refusal?.errors[id]);
  const placed = new Set(["project", "issuetype", ...shown.map((f) => f.fieldId)]);
  // The server's messages, then refusals of fields the form does not show (nothing it said is lost).
  const general = refusal
    ? [...refusal.errorMessages, ...Object.entries(refusal.errors).filter(([id]) => !placed.has(id)).map(([id, message]) => `${id}: ${message}`)]
    : create.isError
      ? [errorText(create.error, t("jira.issues.create.failed"))]
      : [];

  const touch = (id: string) => setEdited((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
  const set = (id: FormField, value: string) => {
    touch(id);
    setDraft((prev) => ({ ...prev, [id]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !project || !typeId || !meta.data) return;
    setEdited(new Set());
    create.mutate(createFieldsOf(project, typeId, draft, shown), {
      onSuccess: (created) => onCreated(created.key),
      // Take the reader to the first field to fix, where its message is read out.
      onError: () => setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0),
    });
  };

  let fields: ReactNode = null;
  if (project && typeId) {
    if (meta.isPending) fields = <ListLoading label={t("jira.issues.create.loadingFields")} />;
    else if (meta.isError) fields = <ListLoadFailed label={errorText(meta.error, t("jira.issues.create.fieldsFailed"))} onRetry={() => void meta.refetch()} />;
    else
      fields = shown.map((field) => (
        <CreateFieldInput
          key={field.fieldId}
          field={field}
          label={t(LABEL_KEYS[field.fieldId as FormField])}
          value={draft[field.fieldId as FormField]}
          onChange={(value) => set(field.fieldId as FormField, value)}
          error={fieldError(field.fieldId)}
          assignable={assignable.data ?? []}
        />
      ));
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-4">
      {general.length > 0 && (
        <div className="mb-4">
          <FormAlert>
            <span className="font-semibold">{t("jira.issues.create.refused")}</span>
            {general.map((message, i) => (
              <span key={i} className="mt-0.5 block whitespace-pre-wrap">
                {message}
              </span>
            ))}
          </FormAlert>
        </div>
      )}
      <fieldset disabled={pending} className="space-y-4">
        <Field label={t("jira.issues.field.project")} required error={fieldError("project")}>
          {(control) => (
            <select
              {...control}
              value={project}
              onChange={(e) => {
                touch("project");
                setProject(e.target.value);
                setTypeId("");
                setDraft((prev) => ({ ...prev, assignee: "" }));
              }}
              className={inputClass}
              data-field="project"
            >
              <option value="">{t("jira.issues.create.chooseProject")}</option>
              {projects.map((p) => (
                <option key={p.key} value={p.key}>
                  {`${p.name} (${p.key})`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("jira.issues.field.type")} required error={fieldError("issuetype")} hint={types.isError ? errorText(types.error, t("jira.issues.create.typesFailed")) : undefined}>
          {(control) => (
            <select
              {...control}
              value={typeId}
              onChange={(e) => {
                touch("issuetype");
                setTypeId(e.target.value);
              }}
              disabled={!project || types.isPending}
              className={inputClass}
              data-field="issuetype"
            >
              <option value="">{project && types.isPending ? t("jira.issues.create.loadingTypes") : t("jira.issues.create.chooseType")}</option>
              {(types.data ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {trackerName(type.name, t)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {fields}
      </fieldset>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="submit" className={`${buttonClass.primary} gap-2`} disabled={pending || !project || !typeId || !meta.data}>
          {pending && <Spinner className="size-4" />}
          {pending ? t("jira.issues.create.creating") : t("jira.issues.create.submit")}
        </button>
      </div>
    </form>
  );
}

type Control = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined; "aria-required": true | undefined };

/** A label (marked when required), the control, a hint and the server's refusal, read out with the control. */
function Field({ label, required, hint, error, children }: { label: string; required?: boolean; hint?: string | undefined; error?: string | undefined; children: (control: Control) => ReactNode }) {
  const { t } = useTranslation();
  const ids = { control: useId(), hint: useId(), error: useId() };
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={ids.control} className={labelClass}>
        {label}
        {/* The control says it is required (aria-required); the mark is for the eye. */}
        {required && (
          <span className="ml-0.5 text-red-700" title={t("jira.issues.create.required")} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id: ids.control, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "aria-required": required ? true : undefined })}
      {hint && (
        <p id={ids.hint} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className={`${fieldErrorClass} break-words`}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = {
  field: CreateField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  assignable: readonly { accountId?: string; displayName: string }[];
};

/** One field of the create screen, drawn for its kind. */
function CreateFieldInput({ field, label, value, onChange, error, assignable }: InputProps) {
  const { t } = useTranslation();
  const id = field.fieldId;
  const hint = id === "labels" ? t("jira.issues.create.labelsHint") : undefined;
  const none = field.required ? t("jira.issues.create.choose") : t("jira.issues.create.none");
  return (
    <Field label={label} required={field.required} hint={hint} error={error}>
      {(control) => {
        const common = { ...control, "data-field": id };
        switch (id) {
          case "description":
            return <textarea {...common} value={value} onChange={(e) => onChange(e.target.value)} rows={5} dir="auto" className={`${inputClass} [overflow-wrap:anywhere]`} />;
          case "priority":
          case FACILITY_FIELD:
            return (
              <select {...common} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
                <option value="">{id === "priority" && !field.required ? t("jira.issues.create.defaultPriority") : none}</option>
                {(field.allowedValues ?? []).map((option, i) => {
                  // A priority is sent by its name, a facility (an option) by its id.
                  const optionValue = id === "priority" ? optionLabel(option) : (option.id ?? option.value ?? "");
                  return (
                    <option key={`${i}:${optionValue}`} value={optionValue}>
                      {id === "priority" ? trackerName(optionLabel(option), t) : optionLabel(option)}
                    </option>
                  );
                })}
              </select>
            );
          case "assignee":
            return (
              <select {...common} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
                <option value="">{t("jira.issues.unassigned")}</option>
                {assignable.flatMap((user) =>
                  user.accountId
                    ? [
                        <option key={user.accountId} value={user.accountId}>
                          {user.displayName}
                        </option>,
                      ]
                    : [],
                )}
              </select>
            );
          case "duedate":
            return <input {...common} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />;
          default:
            return (
              <input
                {...common}
                type="text"
                value={value}
                onChange={(e) => onChange(e.target.value)}
                dir={id === "summary" ? "auto" : undefined}
                autoComplete="off"
                spellCheck={id === "summary"}
                className={inputClass}
              />
            );
        }
      }}
    </Field>
  );
}
