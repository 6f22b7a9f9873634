import { describe, expect, it } from "vitest";
import { catalogues } from "../../i18n/resources";

/** Spec 001 §2.21: the quoted strings are the English ones, exactly. */
const quoted = {
  dateTimePlaceholder: "Select date and time...",
  timePlaceholder: "Select time...",
  now: "Now",
  cancel: "Cancel",
  ok: "OK",
};

/** Words that are the same in the language itself. */
const sameAsEnglish: Record<string, string[]> = {
  ja: ["ok"],
  de: ["ok", "minute"],
  fr: ["ok", "minute"],
};

describe("the pickers' strings", () => {
  it("are the spec's words in English", () => {
    expect(catalogues.en.pickers).toMatchObject(quoted);
  });

  it.each(Object.keys(catalogues).filter((code) => code !== "en"))("are translated in %s", (code) => {
    const strings = catalogues[code as keyof typeof catalogues].pickers;
    const same = Object.entries(catalogues.en.pickers)
      .filter(([key, english]) => strings[key as keyof typeof strings] === english && !sameAsEnglish[code]?.includes(key))
      .map(([key]) => key);
    expect(same).toEqual([]);
  });
});
