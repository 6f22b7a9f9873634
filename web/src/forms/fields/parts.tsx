import type { AnyField, FieldValue, Picked } from "../values";

/** Text the form did not write (labels, options, descriptions, values): wraps anywhere, runs in its own direction. */
export const userText = "min-w-0 [overflow-wrap:anywhere]";

export type FieldViewProps = {
  field: AnyField;
  /** Where it is in the form: its name, or `array.index.sub` inside an item. */
  path: string;
  value: FieldValue;
  /** What a selector's value was picked as. */
  picked: Picked | undefined;
  onChange: (value: FieldValue, picked?: Picked) => void;
  /** For a field with `dependsOn`: the value it depends on ("" while empty) and that field's label. */
  dependency?: { value: string; label: string | undefined };
};

/** What a control gets besides its value: from the frame that labels it. */
export type ControlProps = FieldViewProps & {
  id: string;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
};

/** The orange asterisk of a required field (spec 001 §2.20); the control says "required" to assistive technology itself. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-orange-500" data-testid="required-mark">
      *
    </span>
  );
}

