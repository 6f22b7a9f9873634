import { isRecord } from "../../lib/values";
import type { SampleChecks } from "../types";

/** A pick's label, or each label of a list of picks. */
function labelsOf(picked: unknown): string[] {
  const list = Array.isArray(picked) ? picked : [picked];
  return list.filter(isRecord).flatMap((p) => (typeof p.label === "string" ? [p.label] : []));
}

/** What the card shows of a value: a text or number, or per item its picks' labels and other values. */
function shownOf(value: unknown, picked: unknown): string[] {
  if (picked !== undefined) return labelsOf(picked);
  if ((typeof value === "string" && value) || typeof value === "number") return [String(value)];
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((item) => {
    const meta = isRecord(item.__metadata) ? item.__metadata : {};
    return Object.entries(item)
      .filter(([name]) => name !== "__metadata")
      .flatMap(([name, v]) => shownOf(v, meta[name]));
  });
}

/** What the form card shows of a submitted answer: each selector's picked label, each item's, each other value given. */
const checks: SampleChecks = {
  requestUserInput: (sample) =>
    Object.entries(sample.values)
      .filter(([name]) => name !== "taskCmd")
      .flatMap(([name, value]) => shownOf(value, sample.labels[name])),
};

export default checks;
