import type { FormField } from "../generated/tools/forms/FormField";
import { addItem, removeItem, setItemValue } from "./arrays";
import { settleDependents } from "./dependencies";
import { type Problems, validate } from "./validation";
import { type FieldValue, type FormState, type Picked, itemFieldsOf, itemsOf, sameValue, withMirroredCustomer } from "./values";

/**
 * The dynamic form as a reducer (spec 001 §4, §5): what the user does to it, and which
 * problems show. Problems show once a submit found them, and each goes as soon as its
 * field is fixed.
 */
export type FormAction =
  /** A field changed; `picked` is what a selector's value was picked as (undefined: nothing). */
  | { type: "set"; name: string; value: FieldValue; picked?: Picked }
  | { type: "setItem"; array: string; index: number; name: string; value: FieldValue; picked?: Picked }
  | { type: "addItem"; array: string }
  | { type: "removeItem"; array: string; index: number }
  /** A selector's starting words were looked up: set what they stand for, if the field still holds them. */
  | { type: "resolve"; name: string; from: FieldValue; value: FieldValue; picked: Picked }
  /** A submit found these problems: show them. */
  | { type: "showProblems"; paths: readonly string[] };

export type FormModel = {
  state: FormState;
  /** The paths whose problems show. */
  shown: ReadonlySet<string>;
};

function setValue(fields: readonly FormField[], state: FormState, name: string, value: FieldValue, picked: Picked | undefined, isSelector: boolean): FormState {
  const field = fields.find((f) => f.name === name);
  let values = { ...state.values, [name]: value };
  if (field?.type === "customerSelector") values = withMirroredCustomer(values, value);
  let labels = state.labels;
  if (isSelector) {
    const { [name]: _old, ...rest } = state.labels;
    labels = picked === undefined ? rest : { ...rest, [name]: picked };
  }
  return settleDependents(fields, state, { values, labels }, name);
}

/** The form's state after one change, dependent fields reset. */
export function applyChange(fields: readonly FormField[], state: FormState, action: Exclude<FormAction, { type: "showProblems" }>): FormState {
  const field = fields.find((f) => f.name === ("array" in action ? action.array : action.name));
  if (!field) return state;
  if (action.type === "resolve") {
    // The user changed the field meanwhile: their choice stands.
    if (!sameValue(state.values[field.name], action.from)) return state;
    return setValue(fields, state, action.name, action.value, action.picked, true);
  }
  if (action.type === "set") return setValue(fields, state, action.name, action.value, action.picked, field.type.endsWith("Selector"));

  const itemFields = itemFieldsOf(field);
  const items = itemsOf(state.values[field.name]);
  let next = items;
  if (action.type === "addItem") next = addItem(items, itemFields);
  else if (action.type === "removeItem") next = removeItem(items, action.index);
  else if (items[action.index]) next = items.map((item, i) => (i === action.index ? setItemValue(itemFields, item, action.name, action.value, action.picked) : item));
  return setValue(fields, state, field.name, next, undefined, false);
}

/** The paths among `shown` that still have a problem. */
function stillWrong(shown: ReadonlySet<string>, problems: Problems): ReadonlySet<string> {
  const kept = [...shown].filter((path) => Object.hasOwn(problems, path));
  return kept.length === shown.size ? shown : new Set(kept);
}

export function reduceForm(fields: readonly FormField[], model: FormModel, action: FormAction): FormModel {
  if (action.type === "showProblems") return { ...model, shown: new Set(action.paths) };
  const state = applyChange(fields, model.state, action);
  if (state === model.state) return model;
  return { state, shown: model.shown.size ? stillWrong(model.shown, validate(fields, state.values)) : model.shown };
}
