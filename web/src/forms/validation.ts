import type { TFunction } from "i18next";
import type { FormField } from "../generated/tools/forms/FormField";
import {
  type AddressPart,
  type AnyField,
  type FieldValue,
  type FormValues,
  REQUIRED_ADDRESS_PARTS,
  addressOf,
  isBlank,
  itemFieldsOf,
  itemsOf,
} from "./values";

/**
 * The form's rules (spec 001 §5), checked on submit once the browser's own check passed
 * (native `required` on text, textarea and number). Each problem is keyed by the path of
 * the field it is shown under: a field's name, or `array.index.sub` for an item's field.
 */
export type Problem =
  | { rule: "required"; label: string }
  | { rule: "addressIncomplete"; label: string; missing: AddressPart[] }
  | { rule: "mustBeChecked"; label: string }
  | { rule: "selectAtLeastOne"; label: string }
  /** `item`: what one item is called ("line"), when the form says; else the wording needs no noun's number. */
  | { rule: "addAtLeastOne"; label: string; item?: string }
  | { rule: "itemFieldMissing"; label: string; field: string; n: number };

export type Problems = { readonly [path: string]: Problem };

/** The path an item's field is shown (and its problem kept) under. */
export const itemPath = (array: string, index: number, name: string) => `${array}.${index}.${name}`;

/** What is wrong with one required field's value, or null; arrays are checked by `validate`. */
export function fieldProblem(field: AnyField, value: FieldValue): Problem | null {
  if (!field.required) return null;
  const { label } = field;
  switch (field.type) {
    case "checkbox":
      return value === true ? null : { rule: "mustBeChecked", label };
    case "switch":
      // Off is an answer too.
      return null;
    case "checkboxGroup":
      return Array.isArray(value) && value.length > 0 ? null : { rule: "selectAtLeastOne", label };
    case "multipleUserSelector":
      if (value === undefined || value === null || value === "") return { rule: "required", label };
      return Array.isArray(value) && value.length > 0 ? null : { rule: "selectAtLeastOne", label };
    case "address": {
      const address = addressOf(value);
      if (!address) return { rule: "required", label };
      const missing = REQUIRED_ADDRESS_PARTS.filter((part) => address[part].trim() === "");
      return missing.length ? { rule: "addressIncomplete", label, missing } : null;
    }
    case "array":
      return null;
    default:
      // Selectors, select, radio, date, date-time, time, file; text, textarea and number
      // left blank (the browser lets spaces through `required`).
      return isBlank(value) ? { rule: "required", label } : null;
  }
}

/** Every problem of the form, in the order of its fields; read-only fields are the form's own to fill. */
export function validate(fields: readonly FormField[], values: FormValues): Problems {
  const problems: { [path: string]: Problem } = {};
  for (const field of fields) {
    if (field.readonly) continue;
    const value = values[field.name];
    if (field.type !== "array") {
      const problem = fieldProblem(field, value);
      if (problem) problems[field.name] = problem;
      continue;
    }
    const items = itemsOf(value);
    if (field.required && items.length === 0) {
      const item = field.itemLabel?.trim();
      problems[field.name] = { rule: "addAtLeastOne", label: field.label, ...(item ? { item } : {}) };
    }
    items.forEach((item, index) => {
      for (const sub of itemFieldsOf(field)) {
        if (sub.readonly || !fieldProblem(sub, item[sub.name])) continue;
        problems[itemPath(field.name, index, sub.name)] = { rule: "itemFieldMissing", label: field.label, field: sub.label, n: index + 1 };
      }
    });
  }
  return problems;
}

/** A problem in the interface's language (English: the spec's words exactly). */
export function problemText(problem: Problem, t: TFunction): string {
  switch (problem.rule) {
    case "required":
      return t("dynamicForm.required", { label: problem.label });
    case "addressIncomplete":
      return t("dynamicForm.addressIncomplete", {
        label: problem.label,
        missing: problem.missing.map((part) => t(`dynamicForm.address.${part}`)).join(t("dynamicForm.listSeparator")),
      });
    case "mustBeChecked":
      return t("dynamicForm.mustBeChecked", { label: problem.label });
    case "selectAtLeastOne":
      return t("dynamicForm.selectAtLeastOne", { label: problem.label });
    case "addAtLeastOne":
      // 'Please add at least one line' with the item's own (singular) word; 'Add at least
      // one: Lines' when there is none, rather than 'Please add at least one Lines'.
      return problem.item ? t("dynamicForm.addAtLeastOne", { label: problem.item }) : t("dynamicForm.addAtLeastOneOf", { label: problem.label });
    case "itemFieldMissing":
      return t("dynamicForm.itemFieldMissing", { field: problem.field, label: problem.label, n: problem.n });
  }
}
