import type { JSX } from "react";
import type { OptionItem } from "../generated/options/OptionItem";
import type { SelectorKind, SelectorProps } from "./selectors/Selector";

/**
 * A stand-in for the selector in the dynamic form's tests (`vi.mock("./selectors/Selector",
 * () => import("./fakeSelector"))`): the options of each kind listed as buttons, a press
 * picking one (or toggling it, for the multiple selectors); the field's control is the
 * first button, named by the form's label, showing the picks. A selector waiting for its
 * dependency is disabled with its hint, as the real one is.
 */
export const FAKE_OPTIONS: Partial<Record<SelectorKind, OptionItem[]>> = {
  customerSelector: [
    { value: "CUS-0001", label: "Pacific Outdoor Supply", data: { merchantNo: "M10001" } },
    { value: "CUS-0002", label: "Harbor Goods", data: { merchantNo: "M10002" } },
  ],
  carrierSelector: [
    { value: "ups", label: "UPS" },
    { value: "fedex", label: "FedEx" },
  ],
  deliveryServiceSelector: [
    { value: "ups-ground", label: "UPS Ground" },
    { value: "fx-ground", label: "FedEx Ground" },
  ],
  itemmasterSelector: [
    { value: "ITM-1", label: "PAC-1 · Tent", data: { sku: "PAC-1" } },
    { value: "ITM-2", label: "PAC-2 · Stove" },
  ],
  itemmasterUomSelector: [
    { value: "CS", label: "Case" },
    { value: "EA", label: "Each" },
  ],
  stateSelector: [
    { value: "CA", label: "California" },
    { value: "NY", label: "New York" },
  ],
  multipleUserSelector: [
    { value: "u-ana", label: "Ana Ruiz" },
    { value: "u-bo", label: "Bo Chen" },
  ],
  accessorialMultipleSelector: [
    { value: "liftgate", label: "Liftgate" },
    { value: "inside", label: "Inside delivery" },
  ],
  userSelector: [{ value: "u-ana", label: "Ana Ruiz" }],
  titleSelector: [{ value: "t-lead", label: "Team lead" }],
  generalProjectSelector: [{ value: "p-1", label: "Peak season" }],
  jobcodeSelector: [{ value: "jc-7", label: "Receiving" }],
  jiraAssignableUserSelector: [{ value: "jira-ana", label: "ana.ruiz" }],
};

export function isMultipleSelector(kind: SelectorKind): boolean {
  return kind === "multipleUserSelector" || kind === "accessorialMultipleSelector";
}

export function Selector({ id, kind, value, onChange, dependsOnValue, dependsOnLabel, disabled, required, invalid, placeholder, describedBy }: SelectorProps): JSX.Element {
  const blocked = dependsOnValue !== undefined && !dependsOnValue;
  const multiple = isMultipleSelector(kind);
  const picked = new Set(value.map((v) => v.value));
  const pick = (option: OptionItem) => {
    if (!multiple) onChange([option]);
    else onChange(picked.has(option.value) ? value.filter((v) => v.value !== option.value) : [...value, option]);
  };
  return (
    <div data-testid={`selector-${id}`} data-kind={kind} data-depends-on={dependsOnValue ?? undefined}>
      <button
        id={id}
        type="button"
        role="combobox"
        aria-expanded="false"
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled || blocked}
      >
        {value.map((v) => v.label).join(", ") || (blocked ? `Choose ${dependsOnLabel ?? "the field it depends on"} first` : (placeholder ?? "Select…"))}
      </button>
      {(FAKE_OPTIONS[kind] ?? []).map((option) => (
        <button key={option.value} type="button" disabled={disabled || blocked} aria-pressed={picked.has(option.value)} onClick={() => pick(option)}>
          {option.label}
        </button>
      ))}
      {value.length ? (
        <button type="button" disabled={disabled} onClick={() => onChange([])}>
          Clear
        </button>
      ) : null}
    </div>
  );
}
