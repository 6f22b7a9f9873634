import type { OptionItem } from "../generated/options/OptionItem";
import type { JsonValue } from "../generated/serde_json/JsonValue";
import type { FieldLabels } from "../generated/tools/forms/FieldLabels";
import type { FieldType } from "../generated/tools/forms/FieldType";
import type { FormField } from "../generated/tools/forms/FormField";
import type { ItemField } from "../generated/tools/forms/ItemField";
import type { PickedOption } from "../generated/tools/forms/PickedOption";
import { isRecord } from "../lib/values";

/**
 * The dynamic form's values (spec 001 §3, §4), free of React: what each field type holds,
 * its empty value, reading definitions' defaults, and the submit result.
 *
 * While the form is filled a number field holds the text typed (so "1." can be typed);
 * the result carries it as a number. A date, date-time or time holds undefined until set.
 */

/** A field of the form or of an array's items. */
export type AnyField = FormField | ItemField;

/**
 * What one field holds: wire data, where undefined stands for an unset date, date-time,
 * time or address (in an item too); the result leaves those out.
 */
export type FieldValue = string | number | boolean | null | undefined | FieldValue[] | { [key: string]: FieldValue };

/** The form's values by field name (`taskCmd` holds the mirrored customer id). */
export type FormValues = { readonly [name: string]: FieldValue };

/** One item of an array: its sub-fields' values and `__metadata`, the options picked in its selectors. */
export type ArrayItem = { readonly [name: string]: FieldValue };

/** One selector's pick, or several for the multiple selectors. */
export type Picked = PickedOption | PickedOption[];

/** What the form holds: the values, and what was picked in each selector by field name. */
export type FormState = { values: FormValues; labels: { readonly [name: string]: Picked } };

/** The submit result (spec 001 §3, "Form submit result"). */
export type FormResult = { values: { [name: string]: JsonValue }; labels: { [name: string]: FieldLabels } };

export const METADATA = "__metadata";

/** Where the customer id is mirrored (spec 001 §4): `values.taskCmd.customerId`. */
export const TASK_COMMAND = "taskCmd";
export const MIRRORED_CUSTOMER = "customerId";

/** Every field type, as the server's `FieldType` lists them. */
export const FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "select",
  "checkbox",
  "checkboxGroup",
  "radio",
  "date",
  "datetime",
  "time",
  "file",
  "userSelector",
  "customerSelector",
  "titleSelector",
  "generalProjectSelector",
  "jobcodeSelector",
  "carrierSelector",
  "deliveryServiceSelector",
  "itemmasterSelector",
  "itemmasterUomSelector",
  "stateSelector",
  "switch",
  "array",
  "address",
  "accessorialMultipleSelector",
  "multipleUserSelector",
  "jiraAssignableUserSelector",
] as const satisfies readonly FieldType[];

// A type the server adds and this list lacks fails here.
const _allListed: Exclude<FieldType, (typeof FIELD_TYPES)[number]> extends never ? true : never = true;
void _allListed;

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === "string" && (FIELD_TYPES as readonly string[]).includes(value);
}

export type SelectorType = Extract<FieldType, `${string}Selector`>;

/** An array field's item fields; none for any other field. */
export function itemFieldsOf(field: AnyField): readonly ItemField[] {
  return "arrayItemFields" in field && field.arrayItemFields ? field.arrayItemFields : [];
}

export function isSelectorType(type: FieldType): type is SelectorType {
  return type.endsWith("Selector");
}

/** The selectors whose value is a list (the selector component's `isMultipleSelector` says the same). */
export function isMultipleType(type: FieldType): boolean {
  return type === "multipleUserSelector" || type === "accessorialMultipleSelector";
}

export type AddressPart = "name" | "street" | "street2" | "city" | "state" | "zip" | "phone";
export type AddressValue = { [Part in AddressPart]: string };

/** The address's parts in the order they show. */
export const ADDRESS_PARTS: readonly AddressPart[] = ["name", "street", "street2", "city", "state", "zip", "phone"];
/** What a required address needs (spec 001 §2.20, §5); street2 and phone stay optional. */
export const REQUIRED_ADDRESS_PARTS: readonly AddressPart[] = ["name", "street", "city", "state", "zip"];

export const EMPTY_ADDRESS: AddressValue = { name: "", street: "", street2: "", city: "", state: "", zip: "", phone: "" };

/**
 * What a field holds when empty: also what a new array item starts with (spec 001 §4:
 * checkbox false, checkbox group empty, dates undefined, multi-user selector empty,
 * anything else empty text). A switch is a yes/no like a checkbox, the accessorial
 * selector a list like the multi-user one, an address unset until typed in.
 */
export function emptyValue(type: FieldType): FieldValue {
  switch (type) {
    case "checkbox":
    case "switch":
      return false;
    case "checkboxGroup":
    case "array":
      return [];
    case "date":
    case "datetime":
    case "time":
    case "address":
      return undefined;
    default:
      return isMultipleType(type) ? [] : "";
  }
}

/** No value given: empty text, blank text, an empty list, unset. */
export function isBlank(value: FieldValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");

/** A stored pick read back: `{value, label, data?}`, or null when it is not one. */
export function pickedOf(value: unknown): PickedOption | null {
  if (!isRecord(value) || typeof value.label !== "string" || !("value" in value)) return null;
  const picked: PickedOption = { value: (value.value ?? null) as JsonValue, label: value.label };
  if (value.data !== undefined) picked.data = value.data as JsonValue;
  return picked;
}

/** A list of stored picks, or one, read back. */
export function pickedListOf(value: unknown): PickedOption[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map(pickedOf).filter((p): p is PickedOption => p !== null);
}

/** The selector's picks as the selector component takes them. */
export function toOptionItems(picked: Picked | undefined): OptionItem[] {
  return pickedListOf(picked).map((p) => ({ value: typeof p.value === "string" ? p.value : JSON.stringify(p.value), label: p.label, ...(p.data === undefined ? {} : { data: p.data }) }));
}

/** What the labels map keeps of an option the user picked: its value, label and record. */
export function pickOf(option: OptionItem): PickedOption {
  return option.data === undefined ? { value: option.value, label: option.label } : { value: option.value, label: option.label, data: option.data };
}

/** A selector field's value for its picks: the first one's value, or the list of values for a multiple selector. */
export function selectorValue(type: FieldType, picked: readonly OptionItem[]): FieldValue {
  return isMultipleType(type) ? picked.map((p) => p.value) : (picked[0]?.value ?? "");
}

/** The labels entry for a selector's picks; undefined when nothing is picked. */
export function selectorLabels(type: FieldType, picked: readonly OptionItem[]): Picked | undefined {
  if (picked.length === 0) return undefined;
  return isMultipleType(type) ? picked.map(pickOf) : pickOf(picked[0]!);
}

/**
 * The picks a selector shows for its value: the stored picks that match it, and the bare
 * value as its own label where none does (a default value, a value the form was given).
 */
export function shownPicks(value: FieldValue, picked: Picked | undefined): OptionItem[] {
  const values = typeof value === "string" ? (value ? [value] : []) : typeof value === "number" ? [String(value)] : isStringList(value) ? value : [];
  const known = toOptionItems(picked);
  return values.map((v) => known.find((k) => k.value === v) ?? { value: v, label: v });
}

export function addressOf(value: FieldValue): AddressValue | undefined {
  if (!isRecord(value)) return undefined;
  const address = { ...EMPTY_ADDRESS };
  for (const part of ADDRESS_PARTS) {
    const v = value[part];
    if (typeof v === "string") address[part] = v;
    else if (typeof v === "number") address[part] = String(v);
  }
  return address;
}

/** An array field's items (anything else is no items). */
export function itemsOf(value: FieldValue): ArrayItem[] {
  return Array.isArray(value) ? value.filter(isRecord).map((item) => item as ArrayItem) : [];
}

/** The picks of an item's selectors (`__metadata`), by sub-field name. */
export function metadataOf(item: ArrayItem): { [name: string]: Picked } {
  const meta = item[METADATA];
  const out: { [name: string]: Picked } = {};
  if (!isRecord(meta)) return out;
  for (const [name, entry] of Object.entries(meta)) {
    if (Array.isArray(entry)) out[name] = pickedListOf(entry);
    else {
      const one = pickedOf(entry);
      if (one) out[name] = one;
    }
  }
  return out;
}

/** Picks as wire data. */
export function pickedJson(picked: Picked): JsonValue {
  const one = (p: PickedOption): JsonValue => (p.data === undefined ? { value: p.value, label: p.label } : { value: p.value, label: p.label, data: p.data });
  return Array.isArray(picked) ? picked.map(one) : one(picked);
}

/**
 * A value read from a definition's `defaultValue` or from values handed to the form,
 * made the shape its type holds; what does not fit is the type's empty value.
 */
export function normalizeValue(field: AnyField, raw: FieldValue): FieldValue {
  const { type } = field;
  if (raw === undefined || raw === null) return emptyValue(type);
  switch (type) {
    case "checkbox":
    case "switch":
      return raw === true || raw === "true";
    case "checkboxGroup":
      return isStringList(raw) ? raw : typeof raw === "string" && raw ? [raw] : [];
    case "number":
      return typeof raw === "number" && Number.isFinite(raw) ? String(raw) : typeof raw === "string" ? raw : "";
    case "date":
    case "datetime":
    case "time":
      return typeof raw === "string" && raw.trim() ? raw : undefined;
    case "address":
      return addressOf(raw);
    case "array":
      return itemsOf(raw).map((item) => normalizeItem(itemFieldsOf(field), item));
    default:
      if (isSelectorType(type)) {
        if (isMultipleType(type)) {
          const list = Array.isArray(raw) ? raw : [raw];
          return list.map((v) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : (pickedOf(v)?.value as string | undefined))).filter((v): v is string => typeof v === "string");
        }
        const picked = pickedOf(raw);
        if (picked) return typeof picked.value === "string" ? picked.value : String(picked.value);
      }
      return typeof raw === "string" ? raw : typeof raw === "number" || typeof raw === "boolean" ? String(raw) : "";
  }
}

/** A selector's default given as `{value, label}`: the pick to keep beside the value. */
export function defaultPicks(field: AnyField, raw: FieldValue): Picked | undefined {
  if (!isSelectorType(field.type) || raw === undefined || raw === null) return undefined;
  if (isMultipleType(field.type)) {
    const list = pickedListOf(raw);
    return list.length ? list : undefined;
  }
  return pickedOf(raw) ?? undefined;
}

/** A new item, or one handed in, with every sub-field in its type's shape and its picks kept. */
export function normalizeItem(itemFields: readonly ItemField[], item: ArrayItem = {}): ArrayItem {
  const out: { [name: string]: FieldValue } = {};
  const meta: { [name: string]: JsonValue } = {};
  const known = metadataOf(item);
  for (const sub of itemFields) {
    const raw = Object.hasOwn(item, sub.name) ? item[sub.name] : sub.defaultValue;
    out[sub.name] = normalizeValue(sub, raw);
    const picked = known[sub.name] ?? (Object.hasOwn(item, sub.name) ? undefined : defaultPicks(sub, sub.defaultValue));
    if (picked) meta[sub.name] = pickedJson(picked);
  }
  out[METADATA] = meta;
  return out;
}

/** A path's value: `customerId`, or a dotted one reaching into objects (`taskCmd.customerId`). */
export function valueAt(values: FormValues, path: string): FieldValue {
  let at: FieldValue = values;
  for (const key of path.split(".")) {
    if (!isRecord(at)) return undefined;
    at = at[key] as FieldValue;
  }
  return at;
}

/** A dependency's value as a selector passes it to the server: text, or "" when empty. */
export function dependencyText(value: FieldValue): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (isStringList(value)) return value.join(",");
  return "";
}

/** The same value, compared as data. */
export function sameValue(a: FieldValue, b: FieldValue): boolean {
  if (a === b) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The customer id mirrored into `taskCmd.customerId` (spec 001 §4), other task-command keys kept. */
export function withMirroredCustomer(values: FormValues, customerId: FieldValue): FormValues {
  const command = values[TASK_COMMAND];
  const id = typeof customerId === "string" ? customerId : "";
  return { ...values, [TASK_COMMAND]: { ...(isRecord(command) ? (command as { [key: string]: FieldValue }) : {}), [MIRRORED_CUSTOMER]: id } };
}

/** The form's starting state: values handed in, else each field's default, else its empty value. */
export function initialState(fields: readonly FormField[], given: { readonly [name: string]: JsonValue } = {}): FormState {
  let values: FormValues = {};
  const labels: { [name: string]: Picked } = {};
  for (const field of fields) {
    const handed = Object.hasOwn(given, field.name);
    const raw = handed ? given[field.name] : field.defaultValue;
    values = { ...values, [field.name]: normalizeValue(field, raw) };
    const picked = handed ? undefined : defaultPicks(field, field.defaultValue);
    if (picked) labels[field.name] = picked;
  }
  if (Object.hasOwn(given, TASK_COMMAND)) values = { ...values, [TASK_COMMAND]: given[TASK_COMMAND] };
  const customer = fields.find((f) => f.type === "customerSelector" && !isBlank(values[f.name]));
  if (customer) values = withMirroredCustomer(values, values[customer.name]);
  return { values, labels };
}

/** A number field's text as the result carries it: a number, or "" when empty or not a number. */
function numberOf(value: FieldValue): JsonValue {
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (typeof value !== "string" || value.trim() === "") return "";
  const n = Number(value);
  return Number.isFinite(n) ? n : "";
}

/** One field's value as the result carries it; undefined for an unset date, time or address. */
export function resultValue(field: AnyField, value: FieldValue): JsonValue | undefined {
  switch (field.type) {
    case "number":
      return numberOf(value);
    case "address":
      return addressOf(value);
    case "array": {
      const subs = itemFieldsOf(field);
      return itemsOf(value).map((item) => {
        const out: { [name: string]: JsonValue } = {};
        for (const sub of subs) {
          const v = resultValue(sub, item[sub.name]);
          if (v !== undefined) out[sub.name] = v;
        }
        const meta: { [name: string]: JsonValue } = {};
        for (const [name, picked] of Object.entries(metadataOf(item))) meta[name] = pickedJson(picked);
        out[METADATA] = meta;
        return out;
      });
    }
    default:
      return toJson(value);
  }
}

/** A value as wire data: unset parts (undefined) left out. */
export function toJson(value: FieldValue): JsonValue | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => toJson(v) ?? null);
  if (isRecord(value)) {
    const out: { [key: string]: JsonValue } = {};
    for (const [key, v] of Object.entries(value)) {
      const json = toJson(v as FieldValue);
      if (json !== undefined) out[key] = json;
    }
    return out;
  }
  return value as JsonValue;
}

/** The submit result: every field's value (and the mirrored task command), the selectors' picks. */
export function toResult(fields: readonly FormField[], state: FormState): FormResult {
  const values: { [name: string]: JsonValue } = {};
  const labels: { [name: string]: FieldLabels } = {};
  for (const field of fields) {
    const value = resultValue(field, state.values[field.name]);
    if (value !== undefined) values[field.name] = value;
    const picked = state.labels[field.name];
    if (isSelectorType(field.type) && picked !== undefined) labels[field.name] = picked;
  }
  const command = state.values[TASK_COMMAND];
  const commandJson = toJson(command);
  if (commandJson !== undefined && !fields.some((f) => f.name === TASK_COMMAND)) values[TASK_COMMAND] = commandJson;
  return { values, labels };
}
