import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dependencyLabel, dependencyValue } from "../dependencies";
import { itemPath } from "../validation";
import { dependencyText, itemFieldsOf, itemsOf, metadataOf } from "../values";
import { FieldView } from "./FieldView";
import { type ControlProps, userText } from "./parts";
import { useFormContext } from "./formContext";

let lastKey = 0;
const nextKey = () => ++lastKey;

/** "line" → "Line": an item's heading starts with a capital where the language has them. */
function capitalized(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * An array field (spec 001 §2.20, §4): a repeating group of sub-forms built from its item
 * fields, each headed "{Item} #n" with Remove, and Add under them. Items are
 * `array-item-<name>-<index>`, their fields `form-field-<name>.<index>.<sub>`.
 */
export function ArrayField({ field, path, value, disabled }: ControlProps) {
  const { t, i18n } = useTranslation();
  const { fields, state, dispatch, idOf } = useFormContext();
  const itemFields = itemFieldsOf(field);
  const items = itemsOf(value);
  const [keys, setKeys] = useState<number[]>(() => items.map(nextKey));
  let shownKeys = keys;
  if (keys.length !== items.length) {
    // Items went or came by other means (a dependency emptied the list): keep the keys there are.
    shownKeys = items.map((_, i) => keys[i] ?? nextKey());
    setKeys(shownKeys);
  }
  // Arrays hold no arrays: an item field of type array has nothing to repeat.
  if (path !== field.name) return null;

  const itemLabel = capitalized(("itemLabel" in field && field.itemLabel?.trim()) || t("dynamicForm.item"), i18n.language);
  const add = () => {
    setKeys((k) => [...k, nextKey()]);
    dispatch({ type: "addItem", array: field.name });
  };
  const remove = (index: number) => {
    setKeys((k) => k.filter((_, i) => i !== index));
    dispatch({ type: "removeItem", array: field.name, index });
  };

  return (
    <div className="space-y-3">
      {items.length === 0 ? <p className="text-sm text-slate-500">{t("dynamicForm.noItems")}</p> : null}
      {items.map((item, index) => {
        const n = index + 1;
        const headingId = `${idOf(field.name)}-item-${shownKeys[index]}`;
        const picks = metadataOf(item);
        return (
          <div
            key={shownKeys[index]}
            role="group"
            aria-labelledby={headingId}
            className="min-w-0 rounded-lg border border-slate-200 bg-slate-50/50 p-3"
            data-testid={`array-item-${field.name}-${index}`}
          >
            <div className="flex items-center justify-between gap-2">
              <p id={headingId} className={`text-sm font-semibold text-slate-800 ${userText}`} dir="auto">
                {t("dynamicForm.itemHeading", { item: itemLabel, n })}
              </p>
              {disabled ? null : (
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={t("dynamicForm.removeItemLabel", { item: itemLabel, n })}
                  className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-red-400 focus-visible:outline-none"
                  data-testid={`array-remove-${field.name}-${index}`}
                >
                  {t("dynamicForm.removeItem")}
                </button>
              )}
            </div>
            <div className="mt-2 space-y-3">
              {itemFields.map((sub) => (
                <FieldView
                  key={sub.name}
                  field={sub}
                  path={itemPath(field.name, index, sub.name)}
                  value={item[sub.name]}
                  picked={picks[sub.name]}
                  onChange={(next, picked) => dispatch({ type: "setItem", array: field.name, index, name: sub.name, value: next, picked })}
                  dependency={
                    sub.dependsOn === undefined
                      ? undefined
                      : {
                          value: dependencyText(dependencyValue(state.values, sub.dependsOn, { fields: itemFields, values: item })),
                          label: dependencyLabel(fields, sub.dependsOn, itemFields),
                        }
                  }
                />
              ))}
            </div>
          </div>
        );
      })}
      {disabled ? null : (
        <button
          type="button"
          onClick={add}
          className={`inline-flex max-w-full items-center gap-1 rounded-lg border border-dashed border-slate-300 px-3 py-1.5 text-sm font-medium text-teal-800 hover:border-teal-500 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none ${userText}`}
          data-testid={`array-add-${field.name}`}
        >
          <span aria-hidden="true">+</span>
          <span dir="auto">{t("dynamicForm.addItem", { item: ("itemLabel" in field && field.itemLabel?.trim()) || t("dynamicForm.item") })}</span>
        </button>
      )}
    </div>
  );
}
