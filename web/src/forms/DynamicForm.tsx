import { type FormEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../components/icons";
import type { JsonValue } from "../generated/serde_json/JsonValue";
import type { FormField } from "../generated/tools/forms/FormField";
import { dependencyLabel } from "./dependencies";
import { FieldView } from "./fields/FieldView";
import { FormContext, type FormContextValue } from "./fields/formContext";
import { type FormAction, type FormModel, reduceForm } from "./formState";
import { problemText, validate } from "./validation";
import { restoredState, saveDraft } from "./drafts";
import { useStartingPicks } from "./selectors/useStartingPicks";
import { type FormResult, dependencyText, initialState, toResult, valueAt } from "./values";

export type DynamicFormProps = {
  /** The fields, in the order they show. */
  fields: readonly FormField[];
  /** Values to start from by field name (an answer shown again); otherwise each field's `defaultValue`. */
  initialValues?: { readonly [name: string]: JsonValue };
  /** Read-only: every control disabled, no Submit or Cancel. */
  disabled?: boolean;
  /** The submit button's text; 'Submit' unless given. */
  submitLabel?: string;
  /**
   * Called with the values and the selectors' labels once the browser's own check and the
   * form's rules pass; the form stays busy until it settles. It reports its own failures
   * (through `error`): it should not reject.
   */
  onSubmit: (result: FormResult) => Promise<void>;
  /** Given: a Cancel button that calls it. */
  onCancel?: () => Promise<void>;
  /** A failure to show above the buttons, such as the answer failing to post. */
  error?: string;
  /**
   * Where the half-filled form is kept (forms/drafts): it starts from the draft kept there,
   * and every change is kept; whoever answers the form clears it.
   */
  draftKey?: string;
};

/** The first control a user can reach in an element: where the focus goes for its problem. */
const FOCUSABLE = "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex]:not([tabindex='-1'])";

/**
 * The dynamic form (spec 001 §2.20, §4, §5): renders its fields from their definitions,
 * resets fields when what they depend on changes, and on submit — after the browser's own
 * check of the native `required` fields, which focuses the first one missing — checks the
 * form's rules, shows each problem under its field and focuses the first. Test ids:
 * `dynamic-form`, `form-field-<path>`, `form-error-<path>`, `array-add-<name>`,
 * `array-item-<name>-<index>`, `array-remove-<name>-<index>`, `form-submit`, `form-cancel`.
 */
export function DynamicForm({ fields, initialValues, disabled = false, submitLabel, onSubmit, onCancel, error, draftKey }: DynamicFormProps) {
  const { t } = useTranslation();
  const idBase = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [model, dispatch] = useReducer(
    (current: FormModel, action: FormAction) => reduceForm(fields, current, action),
    undefined,
    (): FormModel => ({ state: (draftKey && restoredState(fields, draftKey)) || initialState(fields, initialValues), shown: new Set() }),
  );
  // What the form opened with: the starting picks look up its words, and a draft is saved only once it changed.
  const [started] = useState(model.state);
  useStartingPicks(fields, started, dispatch, !disabled);
  useEffect(() => {
    if (draftKey && !disabled && model.state !== started) saveDraft(draftKey, model.state);
  }, [draftKey, disabled, model.state, started]);
  const [busy, setBusy] = useState<"submit" | "cancel" | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ path: string } | null>(null);

  const problems = useMemo(() => validate(fields, model.state.values), [fields, model.state.values]);
  const context = useMemo<FormContextValue>(() => {
    const errors: { [path: string]: string } = {};
    for (const path of model.shown) {
      const problem = problems[path];
      if (problem) errors[path] = problemText(problem, t);
    }
    return { fields, state: model.state, errors, disabled, idOf: (path) => `${idBase}-${path}`, dispatch };
  }, [fields, model, problems, disabled, idBase, t]);

  useEffect(() => {
    if (!focusRequest) return;
    const wrapper = formRef.current?.querySelector(`[data-testid="form-field-${focusRequest.path.replace(/["\\]/g, "\\$&")}"]`);
    wrapper?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [focusRequest]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // The browser checked the native `required` fields before this runs.
    event.preventDefault();
    if (busy || disabled) return;
    const found = Object.keys(validate(fields, model.state.values));
    dispatch({ type: "showProblems", paths: found });
    if (found.length) {
      setFocusRequest({ path: found[0]! });
      return;
    }
    setBusy("submit");
    try {
      await onSubmit(toResult(fields, model.state));
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    if (!onCancel || busy) return;
    setBusy("cancel");
    try {
      await onCancel();
    } finally {
      setBusy(null);
    }
  };

  const button = "inline-flex items-center gap-1.5 rounded-lg px-3.5 py-1.5 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:opacity-60";

  return (
    <FormContext value={context}>
      <form ref={formRef} onSubmit={(event) => void submit(event)} className="min-w-0 space-y-4" aria-busy={busy !== null || undefined} data-testid="dynamic-form">
        <fieldset disabled={disabled || busy !== null} className="min-w-0 space-y-4">
          {fields.map((field) => (
            <FieldView
              key={field.name}
              field={field}
              path={field.name}
              value={model.state.values[field.name]}
              picked={model.state.labels[field.name]}
              onChange={(value, picked) => dispatch({ type: "set", name: field.name, value, picked })}
              dependency={
                field.dependsOn === undefined
                  ? undefined
                  : { value: dependencyText(valueAt(model.state.values, field.dependsOn)), label: dependencyLabel(fields, field.dependsOn) }
              }
            />
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-failure">
            {error}
          </p>
        ) : null}
        {disabled ? null : (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
            {onCancel ? (
              <button
                type="button"
                onClick={() => void cancel()}
                disabled={busy !== null}
                className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
                data-testid="form-cancel"
              >
                {busy === "cancel" ? <Spinner className="size-3.5" /> : null}
                {busy === "cancel" ? t("dynamicForm.canceling") : t("dynamicForm.cancel")}
              </button>
            ) : null}
            <button type="submit" disabled={busy !== null} className={`${button} bg-navy-900 text-white hover:bg-navy-800`} data-testid="form-submit">
              {busy === "submit" ? <Spinner className="size-3.5" /> : null}
              {busy === "submit" ? t("dynamicForm.submitting") : (submitLabel ?? t("dynamicForm.submit"))}
            </button>
          </div>
        )}
      </form>
    </FormContext>
  );
}
