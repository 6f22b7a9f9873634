import type { FormField } from "../generated/tools/forms/FormField";
import type { ItemField } from "../generated/tools/forms/ItemField";
import { clearInItems, isItemDependency } from "./arrays";
import { type ArrayItem, type FieldValue, type FormState, type FormValues, emptyValue, itemFieldsOf, itemsOf, sameValue, valueAt, withMirroredCustomer } from "./values";

/**
 * `dependsOn` (spec 001 §3, §4): a field names the field — or the dotted path into the
 * form's values, such as `taskCmd.customerId` — whose value it depends on. When that value
 * changes the dependent field is reset to empty with what was picked in it, and so on down
 * the chain; array items' sub-fields that depend on a form value are cleared in every item.
 */

function isEmpty(state: FormState, field: FormField): boolean {
  return sameValue(state.values[field.name], emptyValue(field.type)) && state.labels[field.name] === undefined;
}

/** The field emptied, its picks dropped; an emptied customer selector empties the mirrored id too. */
export function clearField(state: FormState, field: FormField): FormState {
  const { [field.name]: _dropped, ...labels } = state.labels;
  let values = { ...state.values, [field.name]: emptyValue(field.type) };
  if (field.type === "customerSelector") values = withMirroredCustomer(values, "");
  return { values, labels };
}

/**
 * The state after a change from `before` to `after`, with every field whose dependency's
 * value changed reset, transitively. `edited`, the field the user changed, is never reset
 * by its own change, even when dependencies run in a circle.
 */
export function settleDependents(fields: readonly FormField[], before: FormState, after: FormState, edited?: string): FormState {
  let previous = before.values;
  let state = after;
  for (let round = 0; round <= fields.length; round++) {
    const current = state.values;
    const stale = fields.filter(
      (field) =>
        field.dependsOn !== undefined &&
        field.name !== edited &&
        !sameValue(valueAt(previous, field.dependsOn), valueAt(current, field.dependsOn)) &&
        !isEmpty(state, field),
    );
    if (stale.length === 0) break;
    for (const field of stale) state = clearField(state, field);
    previous = current;
  }
  return clearItemsDependingOnForm(fields, before, state);
}

/** Array items' sub-fields depending on a form value that changed between `before` and `state`, emptied in every item. */
function clearItemsDependingOnForm(fields: readonly FormField[], before: FormState, state: FormState): FormState {
  let values = state.values;
  for (const field of fields) {
    if (field.type !== "array") continue;
    const itemFields = itemFieldsOf(field);
    const stale = itemFields
      .filter(({ dependsOn }) => dependsOn !== undefined && !isItemDependency(itemFields, dependsOn) && !sameValue(valueAt(before.values, dependsOn), valueAt(values, dependsOn)))
      .map((f) => f.name);
    if (stale.length) values = { ...values, [field.name]: clearInItems(itemFields, itemsOf(values[field.name]), stale) };
  }
  return values === state.values ? state : { ...state, values };
}

/**
 * What a field's dependency holds right now, or undefined when it has none. For an item's
 * sub-field, a name of the item's fields is read in the item, anything else in the form.
 */
export function dependencyValue(values: FormValues, dependsOn: string | undefined, item?: { fields: readonly ItemField[]; values: ArrayItem }): FieldValue {
  if (dependsOn === undefined) return undefined;
  if (item && isItemDependency(item.fields, dependsOn)) return item.values[dependsOn];
  return valueAt(values, dependsOn);
}

/**
 * The label of the field a dependency names, for the hint on a selector waiting for it:
 * an item's field, a form field by name or by the path's first part, and for the mirrored
 * `taskCmd.customerId` the customer selector's.
 */
export function dependencyLabel(fields: readonly FormField[], dependsOn: string | undefined, itemFields?: readonly ItemField[]): string | undefined {
  if (dependsOn === undefined) return undefined;
  const inItem = itemFields?.find((f) => f.name === dependsOn);
  if (inItem) return inItem.label;
  const direct = fields.find((f) => f.name === dependsOn) ?? fields.find((f) => f.name === dependsOn.split(".")[0]);
  if (direct) return direct.label;
  if (dependsOn.endsWith(".customerId")) return fields.find((f) => f.type === "customerSelector")?.label;
  return undefined;
}
