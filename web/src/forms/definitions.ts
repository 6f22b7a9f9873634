import type { FieldOption } from "../generated/tools/forms/FieldOption";
import type { FormField } from "../generated/tools/forms/FormField";
import type { ItemField } from "../generated/tools/forms/ItemField";
import type { JsonValue } from "../generated/serde_json/JsonValue";
import { isRecord } from "../lib/values";
import { isFieldType } from "./values";

/**
 * Field definitions read from data the form did not make sure of (a tool call's input as
 * a stored chat holds it, or still streaming): a field without a name, a label or a known
 * type is left out; so is an option without a label and a value. Names repeat at most once.
 */

function optionsOf(value: unknown): FieldOption[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter(isRecord)
    .filter((o) => typeof o.label === "string" && (typeof o.value === "string" || typeof o.value === "number"))
    .map((o) => ({ label: o.label as string, value: String(o.value), ...(typeof o.description === "string" ? { description: o.description } : {}) }));
}

function itemFieldOf(value: unknown): ItemField | null {
  if (!isRecord(value) || typeof value.name !== "string" || !value.name || typeof value.label !== "string" || !isFieldType(value.type)) return null;
  const field: ItemField = { name: value.name, label: value.label, type: value.type };
  if (value.required === true) field.required = true;
  if (value.readonly === true) field.readonly = true;
  if (value.defaultValue !== undefined) field.defaultValue = value.defaultValue as JsonValue;
  if (typeof value.description === "string") field.description = value.description;
  if (typeof value.placeholder === "string") field.placeholder = value.placeholder;
  if (typeof value.dependsOn === "string" && value.dependsOn) field.dependsOn = value.dependsOn;
  const options = optionsOf(value.options);
  if (options) field.options = options;
  return field;
}

function distinct<T extends { name: string }>(list: readonly (T | null)[]): T[] {
  const seen = new Set<string>();
  return list.filter((f): f is T => f !== null && !seen.has(f.name) && (seen.add(f.name), true));
}

/** The usable fields of a definition list. */
export function fieldsOf(value: unknown): FormField[] {
  if (!Array.isArray(value)) return [];
  return distinct(
    value.map((raw): FormField | null => {
      const field: FormField | null = itemFieldOf(raw);
      if (!field || !isRecord(raw)) return null;
      if (field.type === "array") {
        field.arrayItemFields = Array.isArray(raw.arrayItemFields) ? distinct(raw.arrayItemFields.map(itemFieldOf)) : [];
        if (typeof raw.itemLabel === "string" && raw.itemLabel.trim()) field.itemLabel = raw.itemLabel;
      }
      return field;
    }),
  );
}
