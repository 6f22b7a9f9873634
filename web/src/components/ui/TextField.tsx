import { type HTMLInputTypeAttribute, type ReactNode, useId } from "react";
import { fieldErrorClass, hintClass, inputClass, labelClass } from "./fields";

type TextFieldProps = {
  /** Where the form sends the focus when this field needs fixing. */
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean | undefined;
  /** Addresses, header names and ids read better in a fixed-width face. */
  mono?: boolean;
  /** After the label: "(optional)". */
  labelNote?: ReactNode;
};

/** A labelled text field with its hint and the reason it needs fixing, both read out with it. */
export function TextField({ field, label, value, onChange, hint, error, type = "text", placeholder, maxLength, autoComplete = "off", autoFocus, disabled, mono, labelNote }: TextFieldProps) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={ids.input} className={labelClass}>
        {label}
        {labelNote}
      </label>
      <input
        id={ids.input}
        data-field={field}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        disabled={disabled}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} ${mono ? "font-mono text-[13px]" : ""}`}
      />
      {hint && (
        <p id={ids.hint} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

