import { describe, expect, it } from "vitest";
import { initialLanguage, matchLanguage } from "./languages";

describe("language choice", () => {
  it("matches browser tags to supported languages", () => {
    expect(matchLanguage("ja-JP")).toBe("ja");
    expect(matchLanguage("zh-CN")).toBe("zh-CN");
    expect(matchLanguage("zh-Hans-SG")).toBe("zh-CN");
    expect(matchLanguage("zh-Hant")).toBe("zh-TW");
    expect(matchLanguage("zh-HK")).toBe("zh-TW");
    expect(matchLanguage("de-AT")).toBe("de");
    expect(matchLanguage("pt-BR")).toBeNull();
  });

  it("prefers the remembered choice, then the browser, then English", () => {
    expect(initialLanguage("fr", ["ja-JP"])).toBe("fr");
    expect(initialLanguage("xx", ["pt-BR", "es-MX"])).toBe("es");
    expect(initialLanguage(null, ["pt-BR"])).toBe("en");
  });
});
