import { type Dispatch, createContext, useContext } from "react";
import type { FormField } from "../../generated/tools/forms/FormField";
import type { FormAction } from "../formState";
import type { FormState } from "../values";

/** What every field of one dynamic form shares: the definitions, the state, the shown problems. */
export type FormContextValue = {
  fields: readonly FormField[];
  state: FormState;
  /** The problems showing, in words, by field path (`name`, `array.index.sub`). */
  errors: { readonly [path: string]: string };
  /** The whole form is read-only (answered, no longer answerable, or being sent). */
  disabled: boolean;
  /** The element id of the field at `path`. */
  idOf: (path: string) => string;
  dispatch: Dispatch<FormAction>;
};

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const context = useContext(FormContext);
  if (!context) throw new Error("A dynamic form's field is rendered outside its form");
  return context;
}
