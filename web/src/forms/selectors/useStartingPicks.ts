import { type Dispatch, useEffect } from "react";
import { fetchOptions } from "../../api/options";
import type { FormField } from "../../generated/tools/forms/FormField";
import type { FormAction } from "../formState";
import { type FormState, pickOf } from "../values";
import { matchingOption, wordsToLookUp } from "./startingPicks";

/**
 * Looks up, once, the selectors the form starts with words for (see startingPicks) and
 * picks the option each stands for. Words that match no single option stay as they are:
 * the user sees them and picks.
 */
export function useStartingPicks(fields: readonly FormField[], start: FormState, dispatch: Dispatch<FormAction>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    for (const words of wordsToLookUp(fields, start)) {
      fetchOptions(words.kind, { q: words.text, dependsOn: words.dependsOn }, controller.signal)
        .then((page) => {
          const option = matchingOption(words.text, page.options);
          if (option && !controller.signal.aborted) dispatch({ type: "resolve", name: words.name, from: words.text, value: option.value, picked: pickOf(option) });
        })
        .catch((cause: unknown) => {
          if (!controller.signal.aborted) console.warn(`the starting value of ${words.name} could not be looked up`, cause);
        });
    }
    return () => controller.abort();
  }, [fields, start, dispatch, enabled]);
}
