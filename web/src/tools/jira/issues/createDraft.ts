import { type CreateField, type CreateIssueFields, FACILITY_FIELD } from "../api/trackerRest";

/** The create screen's fields this form knows, in the order it shows them. */
export const FORM_FIELDS = ["summary", "description", "priority", "assignee", "labels", "duedate", FACILITY_FIELD] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The form as typed: every value a string ("" when not filled). */
export type Draft = Record<FormField, string>;

export const emptyDraft = (): Draft => ({ summary: "", description: "", priority: "", assignee: "", labels: "", duedate: "", [FACILITY_FIELD]: "" });

/** Labels typed with commas or spaces between them, each once. */
export function splitLabels(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** The type's fields that the form shows, in its order. */
export function formFieldsOf(meta: readonly CreateField[]): CreateField[] {
  const byId = new Map(meta.map((f) => [f.fieldId, f]));
  return FORM_FIELDS.flatMap((id) => {
    const field = byId.get(id);
    return field ? [field] : [];
  });
}

/**
 * `POST /issue`'s fields: the project and type, and only what was filled of the fields
 * the type's screen has (the server says which required ones are missing).
 */
export function createFieldsOf(project: string, typeId: string, draft: Draft, shown: readonly CreateField[]): CreateIssueFields {
  const has = new Set(shown.map((f) => f.fieldId));
  const fields: CreateIssueFields = { project: { key: project }, issuetype: { id: typeId } };
  const summary = draft.summary.trim();
  if (has.has("summary") && summary) fields.summary = summary;
  if (has.has("description") && draft.description.trim()) fields.description = draft.description;
  if (has.has("priority") && draft.priority) fields.priority = { name: draft.priority };
  if (has.has("assignee") && draft.assignee) fields.assignee = { accountId: draft.assignee };
  const labels = splitLabels(draft.labels);
  if (has.has("labels") && labels.length > 0) fields.labels = labels;
  if (has.has("duedate") && draft.duedate) fields.duedate = draft.duedate;
  if (has.has(FACILITY_FIELD) && draft[FACILITY_FIELD]) fields[FACILITY_FIELD] = { id: draft[FACILITY_FIELD] };
  return fields;
}
