import type { OptionItem } from "../../generated/options/OptionItem";
import type { FormField } from "../../generated/tools/forms/FormField";
import { type FormState, type SelectorType, dependencyText, isMultipleType, isSelectorType, valueAt } from "../values";

/**
 * A selector may start with the user's words for an option rather than its value ("Pacific
 * Outdoor Supply" for the customer the user named, a carrier's code): the form looks it
 * up and picks the option it stands for, so the answer carries the option's value and label.
 */

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The option `text` stands for among what a search for it found: the one whose value it is,
 * else the one whose label it is (any case), else the only one found; none when unsure.
 */
export function matchingOption(text: string, options: readonly OptionItem[]): OptionItem | undefined {
  const wanted = normal(text);
  if (!wanted) return undefined;
  const byValue = options.find((o) => normal(o.value) === wanted);
  if (byValue) return byValue;
  const byLabel = options.filter((o) => normal(o.label) === wanted);
  if (byLabel.length === 1) return byLabel[0];
  return options.length === 1 ? options[0] : undefined;
}

export type StartingWords = { name: string; kind: SelectorType; text: string; dependsOn: string | undefined };

/** The single selectors that start with a value and no pick: what to look up. */
export function wordsToLookUp(fields: readonly FormField[], state: FormState): StartingWords[] {
  const out: StartingWords[] = [];
  for (const field of fields) {
    if (!isSelectorType(field.type) || isMultipleType(field.type) || state.labels[field.name] !== undefined) continue;
    const value = state.values[field.name];
    if (typeof value !== "string" || !value.trim()) continue;
    const dependsOn = field.dependsOn === undefined ? undefined : dependencyText(valueAt(state.values, field.dependsOn));
    if (dependsOn === "") continue;
    out.push({ name: field.name, kind: field.type, text: value, dependsOn });
  }
  return out;
}
