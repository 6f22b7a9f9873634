import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { checkboxClass, hintClass, inputClass } from "../../components/ui/fields";
import type { FieldOption } from "../../generated/tools/forms/FieldOption";
import { type ControlProps, userText } from "./parts";

/** The choices of a select, radio or checkbox group (spec 001 §3). */
function optionsOf({ field }: Pick<ControlProps, "field">): readonly FieldOption[] {
  return field.options ?? [];
}

/**
 * One radio or checkbox of a group: named by the option's label alone, its description
 * (outside the label) describing it.
 */
function Choice({ option, inputId, input }: { option: FieldOption; inputId: string; input: (describedBy: string | undefined) => ReactNode }) {
  const descriptionId = option.description ? `${inputId}-description` : undefined;
  return (
    <div className="flex items-start gap-2 text-sm">
      {input(descriptionId)}
      <span className={`flex flex-col ${userText}`}>
        <label htmlFor={inputId} dir="auto" className={`text-slate-800 ${userText}`}>
          {option.label}
        </label>
        {option.description ? (
          <span id={descriptionId} dir="auto" className={`${hintClass} mt-0 ${userText}`}>
            {option.description}
          </span>
        ) : null}
      </span>
    </div>
  );
}

export function SelectControl({ field, id, value, onChange, disabled, invalid, describedBy }: ControlProps) {
  const { t } = useTranslation();
  const current = typeof value === "string" ? value : "";
  const options = optionsOf({ field });
  const known = options.some((o) => o.value === current);
  return (
    <select
      id={id}
      value={current}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-required={field.required || undefined}
      dir="auto"
      className={`${inputClass} mt-0 truncate pr-8`}
    >
      <option value="">{field.placeholder ?? t("dynamicForm.select")}</option>
      {/* A value given that is not among the options stays visible rather than silently shown as empty. */}
      {current && !known ? <option value={current}>{current}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value} title={option.description}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function RadioGroup(props: ControlProps) {
  const { id, value, onChange, disabled } = props;
  return (
    <div className="space-y-1.5">
      {optionsOf(props).map((option, i) => (
        <Choice
          key={option.value}
          option={option}
          inputId={`${id}-${i}`}
          input={(describedBy) => (
            <input
              type="radio"
              id={`${id}-${i}`}
              name={id}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              disabled={disabled}
              aria-describedby={describedBy}
              className="mt-0.5 size-4 shrink-0 accent-navy-900"
            />
          )}
        />
      ))}
    </div>
  );
}

export function CheckboxGroup(props: ControlProps) {
  const { id, value, onChange, disabled } = props;
  const checked = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  const options = optionsOf(props);
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...checked, option] : checked.filter((v) => v !== option);
    // In the options' order, whatever order they were ticked in.
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <div className="space-y-1.5">
      {options.map((option, i) => (
        <Choice
          key={option.value}
          option={option}
          inputId={`${id}-${i}`}
          input={(describedBy) => (
            <input
              type="checkbox"
              id={`${id}-${i}`}
              value={option.value}
              checked={checked.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
              disabled={disabled}
              aria-describedby={describedBy}
              className={checkboxClass}
            />
          )}
        />
      ))}
    </div>
  );
}
