import { describe, expect, it } from "vitest";
import { catalogues } from "../../i18n/resources";

/** Words that are the same in the language itself. */
const sameAsEnglish: Record<string, string[]> = {};

describe("the selectors' strings", () => {
  it.each(Object.keys(catalogues).filter((code) => code !== "en"))("are translated in %s", (code) => {
    const strings = catalogues[code as keyof typeof catalogues].selectors;
    const same = Object.entries(catalogues.en.selectors)
      .filter(([key, english]) => strings[key as keyof typeof strings] === english && !sameAsEnglish[code]?.includes(key))
      .map(([key]) => key);
    expect(same).toEqual([]);
  });
});
