import { describe, expect, it } from "vitest";
import { catalogues } from "../i18n/resources";

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Spec 001 §5 and the address's parts (§2.20): the quoted strings are the English ones, exactly. */
const quoted = {
  required: "{{label}} is required",
  addressIncomplete: "Please complete all required fields in {{label}}: {{missing}}",
  mustBeChecked: "{{label}} must be checked",
  selectAtLeastOne: "Please select at least one {{label}}",
  addAtLeastOne: "Please add at least one {{label}}",
  itemFieldMissing: "Please enter {{field}} for {{label}} #{{n}}",
  "address.name": "Name",
  "address.street": "Street",
  "address.street2": "Street 2",
  "address.city": "City",
  "address.state": "State",
  "address.zip": "Zip",
  "address.phone": "Phone",
  submit: "Submit",
  cancel: "Cancel",
  yes: "Yes",
  no: "No",
};

/** Formats without words, and words that are the same in the language itself. */
const sameAsEnglish: Record<string, string[]> = {
  "zh-CN": ["itemHeading"],
  "zh-TW": ["itemHeading"],
  ja: ["itemHeading"],
  es: ["listSeparator", "no"],
  de: ["listSeparator", "address.name"],
  fr: ["listSeparator"],
};

const english = flatten(catalogues.en.dynamicForm);

describe("the dynamic form's strings", () => {
  it("are the spec's words in English", () => {
    for (const [key, text] of Object.entries(quoted)) expect(english.get(key), key).toBe(text);
  });

  it.each(Object.keys(catalogues).filter((code) => code !== "en"))("are translated in %s", (code) => {
    const strings = flatten(catalogues[code as keyof typeof catalogues].dynamicForm);
    const same = [...english].filter(([key, text]) => strings.get(key) === text && !sameAsEnglish[code]?.includes(key)).map(([key]) => key);
    expect(same).toEqual([]);
  });
});
