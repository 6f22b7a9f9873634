import { describe, expect, it } from "vitest";
import en from "./locales/en";
import { LANGUAGES } from "./languages";
import { catalogues } from "./resources";

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

const english = flatten(en);
const others = LANGUAGES.filter((l) => l.code !== "en").map((l) => ({
  code: l.code,
  strings: flatten(catalogues[l.code]),
}));

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translation catalogues", () => {
  it("has a catalogue for every language", () => {
    expect(Object.keys(catalogues).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it.each(others)("$code has exactly the English keys", ({ strings }) => {
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([{ code: "en", strings: english }, ...others])("$code has no empty values", ({ strings }) => {
    const empty = [...strings].filter(([, v]) => v.trim() === "").map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(others)("$code uses the same {{placeholders}} as English", ({ strings }) => {
    for (const [key, value] of english) {
      expect(placeholders(strings.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });

  it.each(others)("$code translates every marketing and login string", ({ strings }) => {
    const untranslated = [...english]
      .filter(([key]) => key.startsWith("marketing.") || key.startsWith("login.") || key.startsWith("landing."))
      .filter(([key, value]) => strings.get(key) === value)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
