import { describe, expect, it } from "vitest";
import { familyOfPath } from "../i18n/families";
import * as families from "./families";
import { familyPages } from "./pages";
import { cardFor } from "./registry";

/** Every family folder's English strings, by folder, as the catalogue finds them. */
const englishByFolder = Object.fromEntries(
  Object.entries(import.meta.glob("./*/strings/en.ts", { eager: true, import: "default" })).map(([path, strings]) => [familyOfPath(path), strings]),
);

describe("the tool families", () => {
  it("are registered by the names of their folders, and the catalogue finds each one's strings", () => {
    expect(Object.keys(families).sort()).toEqual(Object.keys(englishByFolder).sort());
    for (const [name, family] of Object.entries(families)) expect(family.strings, name).toBe(englishByFolder[name]);
  });

  it("give each tool one card, the one its registry hands out", () => {
    const claimed = Object.values(families).flatMap((family) => Object.keys(family.cards));
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const family of Object.values(families)) {
      for (const [tool, card] of Object.entries(family.cards)) expect(cardFor(tool), tool).toBe(card);
    }
  });

  it("contribute their pages through their registration: each family's pages.ts is its `pages`", () => {
    const withPages = Object.entries(families).flatMap(([name, family]) => (family.pages ? [name] : []));
    expect(Object.keys(familyPages).sort()).toEqual(withPages.sort());
    for (const name of withPages) expect(familyPages[name], name).toBe(families[name as keyof typeof families].pages);
  });

  it("name their menu entries in their own strings, and lead them to their own pages", () => {
    for (const [name, { pages, menu = [] }] of Object.entries(familyPages)) {
      for (const entry of menu) {
        const keys: string[] = [];
        entry.label(((key: string) => keys.push(key)) as never);
        expect(keys, entry.path).toEqual([expect.stringMatching(new RegExp(`^${name}\\.`))]);
        expect(pages.map((page) => page.path), name).toContain(entry.path);
      }
    }
  });
});
