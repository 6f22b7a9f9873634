import type { FormField } from "../generated/tools/forms/FormField";
import type { JsonValue } from "../generated/serde_json/JsonValue";
import { isRecord } from "../lib/values";
import { type FormState, type Picked, initialState, isMultipleType, isSelectorType, pickedListOf, pickedOf, toJson } from "./values";

/**
 * A half-filled form kept in the browser, so a reload does not lose it: one draft per
 * user, chat and tool call in localStorage, restored when the form shows again and
 * cleared once it is answered. A draft that cannot be read is no draft.
 */

const PREFIX = "waybill.formDraft";

/** What a draft holds: the values as the form holds them, and the selectors' picks. */
type Draft = { values: { [name: string]: JsonValue }; labels: { [name: string]: Picked } };

export function draftKey(user: string, chatId: string, toolCallId: string): string {
  return [PREFIX, user, chatId, toolCallId].map(encodeURIComponent).join(".");
}

/** Storage can be full or refused (a private window): the form goes on without its draft. */
function attempt(write: () => void) {
  try {
    write();
  } catch (cause) {
    console.warn("a form draft could not be kept", cause);
  }
}

export function saveDraft(key: string, state: FormState, storage: Storage = localStorage): void {
  const values = toJson(state.values) ?? {};
  attempt(() => storage.setItem(key, JSON.stringify({ values, labels: state.labels })));
}

export function clearDraft(key: string, storage: Storage = localStorage): void {
  attempt(() => storage.removeItem(key));
}

function readDraft(key: string, storage: Storage): Draft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(key) ?? "null");
  } catch {
    return null;
  }
  if (!isRecord(raw) || !isRecord(raw.values) || !isRecord(raw.labels)) return null;
  return { values: raw.values as Draft["values"], labels: raw.labels as Draft["labels"] };
}

/**
 * The form's state from its draft, if one is kept: the values through the fields'
 * own shapes (what no longer fits is empty), the picks of the selectors still there.
 */
export function restoredState(fields: readonly FormField[], key: string, storage: Storage = localStorage): FormState | null {
  const draft = readDraft(key, storage);
  if (!draft) return null;
  const state = initialState(fields, draft.values);
  const labels: { [name: string]: Picked } = { ...state.labels };
  for (const field of fields) {
    if (!isSelectorType(field.type) || !Object.hasOwn(draft.labels, field.name)) continue;
    const raw = draft.labels[field.name];
    const picked = isMultipleType(field.type) ? pickedListOf(raw) : pickedOf(raw);
    if (picked && (!Array.isArray(picked) || picked.length)) labels[field.name] = picked;
  }
  return { values: state.values, labels };
}
