import type { ItemField } from "../generated/tools/forms/ItemField";
import { type ArrayItem, type FieldValue, METADATA, type Picked, emptyValue, metadataOf, normalizeItem, pickedJson } from "./values";

/**
 * Array fields (spec 001 §3, §4): items added with each sub-field's default (or its type's
 * empty value), removed, and edited; an edit clears the sub-fields that depend on the one
 * edited, with what was picked in them (`__metadata`).
 */

/** A new item: defaults per type (checkbox false, checkbox group [], dates undefined, multi-user []…). */
export function newItem(itemFields: readonly ItemField[]): ArrayItem {
  return normalizeItem(itemFields);
}

export function addItem(items: readonly ArrayItem[], itemFields: readonly ItemField[]): ArrayItem[] {
  return [...items, newItem(itemFields)];
}

export function removeItem(items: readonly ArrayItem[], index: number): ArrayItem[] {
  return items.filter((_, i) => i !== index);
}

/** Whether `dependsOn` names another field of the item (otherwise it is a path into the form's values). */
export function isItemDependency(itemFields: readonly ItemField[], dependsOn: string): boolean {
  return itemFields.some((f) => f.name === dependsOn);
}

/** The item with `name`'s metadata set to `picked`, or dropped when undefined. */
function withPicked(item: ArrayItem, name: string, picked: Picked | undefined): ArrayItem {
  const meta: { [name: string]: Picked } = { ...metadataOf(item) };
  if (picked === undefined) delete meta[name];
  else meta[name] = picked;
  return { ...item, [METADATA]: Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, pickedJson(v)])) };
}

/**
 * The item with each of `names` emptied, and every sub-field depending on them in turn;
 * `kept` (the sub-field just edited) stays as it is even when dependencies run in a circle.
 */
export function clearInItem(itemFields: readonly ItemField[], item: ArrayItem, names: readonly string[], kept: readonly string[] = []): ArrayItem {
  let out = item;
  const queue = [...names];
  const cleared = new Set<string>(kept);
  while (queue.length) {
    const name = queue.shift()!;
    if (cleared.has(name)) continue;
    cleared.add(name);
    const field = itemFields.find((f) => f.name === name);
    if (field) out = withPicked({ ...out, [name]: emptyValue(field.type) }, name, undefined);
    for (const dependent of itemFields) if (dependent.dependsOn === name) queue.push(dependent.name);
  }
  return out;
}

/**
 * A sub-field edited: its value, what was picked in it (selectors), and the sub-fields
 * depending on it cleared along with their metadata.
 */
export function setItemValue(itemFields: readonly ItemField[], item: ArrayItem, name: string, value: FieldValue, picked?: Picked): ArrayItem {
  const edited = withPicked({ ...item, [name]: value }, name, picked);
  const dependents = itemFields.filter((f) => f.dependsOn === name).map((f) => f.name);
  return dependents.length ? clearInItem(itemFields, edited, dependents, [name]) : edited;
}

/** The same sub-fields emptied in every item: a form value they depend on changed. */
export function clearInItems(itemFields: readonly ItemField[], items: readonly ArrayItem[], names: readonly string[]): ArrayItem[] {
  return names.length ? items.map((item) => clearInItem(itemFields, item, names)) : [...items];
}
