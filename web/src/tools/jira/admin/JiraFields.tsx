import { useId } from "react";
import { labelClass } from "../../../components/ui/fields";

type RadioProps<T extends string> = {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly T[];
  label: (option: T) => string;
  hint: (option: T) => string;
};

/** A choice among a few, each with a line saying what it means. */
export function RadioCards<T extends string>({ legend, value, onChange, options, label, hint }: RadioProps<T>) {
  const name = useId();
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm select-none hover:bg-slate-50 has-checked:border-navy-900 has-checked:ring-1 has-checked:ring-navy-900 has-focus-visible:outline-2 has-focus-visible:outline-teal-400"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-label={label(option)}
              aria-describedby={`${name}-${option}`}
              className="mt-0.5 size-4 shrink-0 accent-navy-900"
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{label(option)}</span>
              <span id={`${name}-${option}`} className="block text-xs text-slate-500">
                {hint(option)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
