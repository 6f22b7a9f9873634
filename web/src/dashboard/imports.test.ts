import { describe, expect, it } from "vitest";

/** Every source file of the app and the dashboard page, as text (tests and generated types aside). */
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../generated/**"], { query: "?raw", import: "default", eager: true });

const inDashboard = (path: string) => path.startsWith("./") || path.startsWith("../dashboard/");
const imports = (source: string, module: RegExp) =>
  [...source.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].some((m) => module.test(m[1]!));

describe("the dashboard page's bundle", () => {
  it("is the only code that imports Chart.js: the app never loads it", () => {
    const paths = Object.keys(sources);
    expect(paths.filter(inDashboard).length).toBeGreaterThan(3);
    expect(paths.filter((path) => !inDashboard(path)).length).toBeGreaterThan(100);
    const offenders = paths.filter((path) => !inDashboard(path) && imports(sources[path]!, /^chart\.js(\/|$)/));
    expect(offenders).toEqual([]);
  });

  it("carries its own words, not the app's catalogue", () => {
    const offenders = Object.keys(sources).filter((path) => inDashboard(path) && imports(sources[path]!, /^(react-)?i18next$|\/i18n(\/index)?$|\/locales\//));
    expect(offenders).toEqual([]);
  });
});
