import type { ReactNode } from "react";
import { checkboxClass, fieldErrorClass, hintClass, inputClass, labelClass } from "../../components/ui/fields";
import { DatePicker, DateTimePicker, TimePicker } from "../pickers";
import { Selector } from "../selectors/Selector";
import { type AnyField, type FieldValue, isSelectorType, selectorLabels, selectorValue, shownPicks } from "../values";
import { AddressField } from "./AddressField";
import { ArrayField } from "./ArrayField";
import { CheckboxGroup, RadioGroup, SelectControl } from "./ChoiceControls";
import { FileField } from "./FileField";
import { useFormContext } from "./formContext";
import { type ControlProps, type FieldViewProps, RequiredMark, userText } from "./parts";

const GROUPS = new Set<AnyField["type"]>(["radio", "checkboxGroup", "address", "array"]);
const INLINE = new Set<AnyField["type"]>(["checkbox", "switch"]);

/**
 * One field with its frame: the label (a legend for groups), the required mark, the
 * control, the description and the problem under it, wired with `aria-describedby` and
 * `aria-invalid`. Wrapped in `form-field-<path>`.
 */
export function FieldView(props: FieldViewProps) {
  const { field, path } = props;
  const { errors, idOf, disabled: formDisabled } = useFormContext();
  const id = idOf(path);
  const error = errors[path];
  const descriptionId = field.description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = { ...props, id, disabled: formDisabled || field.readonly === true, invalid: error !== undefined, describedBy };
  const mark = field.required ? <RequiredMark /> : null;

  const footer: ReactNode = (
    <>
      {field.description ? (
        <p id={descriptionId} className={`${hintClass} ${userText}`} dir="auto">
          {field.description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={`${fieldErrorClass} ${userText}`} dir="auto" data-testid={`form-error-${path}`}>
          {error}
        </p>
      ) : null}
    </>
  );

  if (GROUPS.has(field.type)) {
    return (
      <fieldset
        className="min-w-0"
        data-testid={`form-field-${path}`}
        aria-describedby={describedBy}
        aria-invalid={field.type === "array" || field.type === "address" ? undefined : control.invalid || undefined}
      >
        <legend className={`${labelClass} ${userText}`} dir="auto">
          {field.label}
          {mark}
        </legend>
        <div className="mt-1.5">
          <Control {...control} />
        </div>
        {footer}
      </fieldset>
    );
  }

  if (INLINE.has(field.type)) {
    return (
      <div className="min-w-0" data-testid={`form-field-${path}`}>
        <Control {...control} />
        {footer}
      </div>
    );
  }

  return (
    <div className="min-w-0" data-testid={`form-field-${path}`}>
      <label htmlFor={id} className={`${labelClass} ${userText}`} dir="auto">
        {field.label}
        {mark}
      </label>
      <div className="mt-1.5">
        <Control {...control} />
      </div>
      {footer}
    </div>
  );
}

const text = (value: FieldValue) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const dateText = (value: FieldValue) => (typeof value === "string" && value.trim() ? value : undefined);

/** The control of one field type. */
function Control(props: ControlProps) {
  const { field, id, value, onChange, disabled, invalid, describedBy, dependency } = props;
  const common = {
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
    placeholder: field.placeholder,
  } as const;
  const type = field.type;

  switch (type) {
    case "text":
      return (
        <input
          {...common}
          type="text"
          dir="auto"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
          required={field.required}
          readOnly={field.readonly}
          disabled={disabled && !field.readonly}
          className={`${inputClass} mt-0`}
        />
      );
    case "textarea":
      return (
        <textarea
          {...common}
          rows={4}
          dir="auto"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
          required={field.required}
          readOnly={field.readonly}
          disabled={disabled && !field.readonly}
          className={`${inputClass} mt-0 resize-y`}
        />
      );
    case "number":
      return (
        <input
          {...common}
          type="number"
          inputMode="decimal"
          step="any"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
          required={field.required}
          readOnly={field.readonly}
          disabled={disabled && !field.readonly}
          className={`${inputClass} mt-0 tabular-nums`}
        />
      );
    case "select":
      return <SelectControl {...props} />;
    case "radio":
      return <RadioGroup {...props} />;
    case "checkboxGroup":
      return <CheckboxGroup {...props} />;
    case "checkbox":
      return (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            aria-required={field.required || undefined}
            className={checkboxClass}
          />
          <span className={`font-medium text-slate-700 ${userText}`} dir="auto">
            {field.label}
            {field.required ? <RequiredMark /> : null}
          </span>
        </label>
      );
    case "switch":
      return (
        <label className="flex items-center gap-3 text-sm">
          <span className="relative inline-flex shrink-0">
            <input
              id={id}
              type="checkbox"
              role="switch"
              checked={value === true}
              onChange={(e) => onChange(e.target.checked)}
              disabled={disabled}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-teal-600 peer-focus-visible:ring-2 peer-focus-visible:ring-teal-500 peer-focus-visible:ring-offset-1 peer-disabled:opacity-60"
            />
            <span aria-hidden="true" className="absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-4" />
          </span>
          <span className={`font-medium text-slate-700 ${userText}`} dir="auto">
            {field.label}
            {field.required ? <RequiredMark /> : null}
          </span>
        </label>
      );
    case "date":
    case "datetime":
    case "time": {
      const Picker = field.type === "date" ? DatePicker : field.type === "datetime" ? DateTimePicker : TimePicker;
      return (
        <Picker
          id={id}
          value={dateText(value)}
          onChange={(v) => onChange(v)}
          disabled={disabled}
          required={field.required}
          invalid={invalid}
          aria-describedby={describedBy}
          placeholder={field.placeholder}
        />
      );
    }
    case "file":
      return <FileField {...props} />;
    case "address":
      return <AddressField {...props} />;
    case "array":
      return <ArrayField {...props} />;
    default:
      if (isSelectorType(type)) {
        return (
          <Selector
            id={id}
            kind={type}
            label={field.label}
            value={shownPicks(value, props.picked)}
            onChange={(picked) => onChange(selectorValue(type, picked), selectorLabels(type, picked))}
            dependsOnValue={dependency?.value}
            dependsOnLabel={dependency?.label}
            disabled={disabled}
            required={field.required}
            invalid={invalid}
            placeholder={field.placeholder}
            describedBy={describedBy}
          />
        );
      }
      // A type this build does not know: a text field rather than nothing.
      return (
        <input
          {...common}
          type="text"
          dir="auto"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          className={`${inputClass} mt-0`}
        />
      );
  }
}
