import { useState } from "react";
import { useTranslation } from "react-i18next";
import { inputClass, labelClass } from "../../components/ui/fields";
import type { OptionItem } from "../../generated/options/OptionItem";
import { Selector } from "../selectors/Selector";
import { type AddressPart, EMPTY_ADDRESS, REQUIRED_ADDRESS_PARTS, addressOf } from "../values";
import { type ControlProps, RequiredMark } from "./parts";

/** How the parts sit: a whole row each for name and streets, city with state, zip with phone. */
const WIDE = new Set<AddressPart>(["name", "street", "street2"]);

/**
 * An address (spec 001 §2.20, §3): name, street, street 2, city, state (a state selector),
 * zip and phone. Name, street, city, state and zip carry the required mark when the
 * address is required; street 2 and phone never do. Each part is `form-field-<path>.<part>`.
 */
export function AddressField({ field, id, path, value, onChange, disabled, invalid }: ControlProps) {
  const { t } = useTranslation();
  const address = addressOf(value);
  // The state's name as picked; the value keeps only its code.
  const [statePick, setStatePick] = useState<OptionItem | null>(null);
  const shownState: OptionItem[] = address?.state ? [statePick?.value === address.state ? statePick : { value: address.state, label: address.state }] : [];

  const set = (part: AddressPart, text: string) => onChange({ ...(address ?? EMPTY_ADDRESS), [part]: text });
  const required = (part: AddressPart) => field.required === true && REQUIRED_ADDRESS_PARTS.includes(part);
  const missing = (part: AddressPart) => invalid && required(part) && (address?.[part] ?? "").trim() === "";

  const parts = (["name", "street", "street2", "city", "state", "zip", "phone"] as const).map((part) => {
    const partId = `${id}-${part}`;
    const label = t(`dynamicForm.address.${part}`);
    return (
      <div key={part} className={`min-w-0 ${WIDE.has(part) ? "sm:col-span-2" : ""}`} data-testid={`form-field-${path}.${part}`}>
        <label htmlFor={partId} className={labelClass}>
          {label}
          {required(part) ? <RequiredMark /> : null}
        </label>
        <div className="mt-1">
          {part === "state" ? (
            <Selector
              id={partId}
              kind="stateSelector"
              label={label}
              value={shownState}
              onChange={(picked) => {
                setStatePick(picked[0] ?? null);
                set("state", picked[0]?.value ?? "");
              }}
              disabled={disabled}
              required={required(part)}
              invalid={missing(part)}
            />
          ) : (
            <input
              id={partId}
              type={part === "phone" ? "tel" : "text"}
              dir="auto"
              autoComplete={AUTOCOMPLETE[part]}
              value={address?.[part] ?? ""}
              onChange={(e) => set(part, e.target.value)}
              readOnly={field.readonly}
              disabled={disabled && !field.readonly}
              aria-required={required(part) || undefined}
              aria-invalid={missing(part) || undefined}
              className={`${inputClass} mt-0`}
            />
          )}
        </div>
      </div>
    );
  });

  return <div className="grid gap-3 sm:grid-cols-2">{parts}</div>;
}

const AUTOCOMPLETE: Record<Exclude<AddressPart, "state">, string> = {
  name: "name",
  street: "address-line1",
  street2: "address-line2",
  city: "address-level2",
  zip: "postal-code",
  phone: "tel",
};
