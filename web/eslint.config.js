import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Any number of `../`: the start of an import that leaves the importing folder. */
const up = String.raw`^(\.\./)+`;

/**
 * The import boundaries between the app's areas (README.md, "Import boundaries"). Each
 * entry: the files it holds for, and the imports they may not make. Tests are exempt:
 * they put the pieces together on purpose.
 */
const toolsPatterns = [
  {
    regex: String.raw`${up}chat/(?!types$)`,
    message: "tools/ never import the chat: the conversation gives cards what they need through tools/shell/toolCall's context.",
  },
  { regex: String.raw`${up}chat/types$`, allowTypeImports: true, message: "tools/ may import only types from chat/types." },
  {
    regex: String.raw`${up}artifacts/(?!store$|viewers/types$|viewers/families$)`,
    message: "tools/ use artifacts/store (to register and open artifacts) and add viewers through artifacts/viewers/families, nothing else of the panel.",
  },
];

/** An import of another family's folder from `depth` folders below tools/. */
function otherFamily(depth) {
  return {
    regex: String.raw`^(\.\./){${depth}}(?!shell/|generic/|types$|limits$)[^./][^/]*/`,
    message: "A tool family imports its own folder, tools/shell, tools/types, tools/limits and shared code, never another family.",
  };
}

// One entry per set of files: a later entry for the same file would replace, not add to, the rule's patterns.
const boundaries = [
  {
    name: "tools",
    files: ["src/tools/*.{ts,tsx}"],
    patterns: toolsPatterns,
  },
  {
    name: "tool families and the shared card parts",
    files: ["src/tools/*/*.{ts,tsx}"],
    patterns: [...toolsPatterns, otherFamily(1)],
  },
  {
    // A family's pages, API client, strings and test fakes sit one folder deeper.
    name: "tool families' subfolders",
    files: ["src/tools/*/*/**"],
    patterns: [...toolsPatterns, otherFamily(2)],
  },
  {
    name: "chat",
    files: ["src/chat/**"],
    patterns: [
      {
        regex: String.raw`${up}tools/(?!registry$|types$|shell/toolCall$)`,
        message: "The chat never names a tool: it renders tool parts through tools/registry, reads them with tools/types and serves cards through tools/shell/toolCall.",
      },
    ],
  },
  {
    name: "artifacts",
    files: ["src/artifacts/**"],
    patterns: [{ regex: String.raw`${up}(chat|tools)/`, message: "artifacts/ is the side panel: it knows neither the chat nor the tools (families add viewers through artifacts/viewers/families)." }],
  },
  {
    name: "files",
    files: ["src/files/**"],
    patterns: [{ regex: String.raw`${up}(chat|tools|artifacts)/`, message: "files/ (the file viewer) is shared: it imports neither the chat, the tools nor the panel." }],
  },
  {
    name: "dashboard page",
    files: ["src/dashboard/**"],
    patterns: [
      {
        regex: String.raw`${up}(?!generated/|lib/|i18n/(languages|format)$)`,
        message: "The dashboard page (a second entry, served on its own at /d/{token}) imports generated types, lib/ and i18n's languages and formats: nothing of the app.",
      },
      { regex: "^(react-)?i18next$", message: "The dashboard page carries its own words (dashboard/strings.ts), not the app's catalogue." },
    ],
  },
  {
    name: "shared",
    files: ["src/lib/**", "src/markdown/**", "src/i18n/**"],
    patterns: [
      { regex: String.raw`${up}(chat|artifacts|files)/`, message: "Shared code imports no feature area." },
      { regex: String.raw`${up}tools/(?!families$)`, message: "Shared code imports no feature area." },
      { regex: String.raw`${up}tools/families$`, allowTypeImports: true, message: "The catalogue types `t()` from the registered families' strings: a type import only, so the cards stay out of the main bundle." },
    ],
  },
];

export default defineConfig([
  globalIgnores(["dist/", "node_modules/", "src/generated/"]),
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // The hooks rules and the React Compiler's (refs read or written while rendering, state
    // set in effects, components made during render, memoisation it cannot keep…).
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
    languageOptions: { globals: globals.browser },
    rules: {
      "react-hooks/exhaustive-deps": "error",
    },
  },
  ...boundaries.map(({ name, files, patterns }) => ({
    name: `waybill/boundaries/${name}`,
    files,
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
  })),
  {
    // Node scripts; the functions they hand to the browser (page.evaluate) run there.
    files: ["e2e/**", "scripts/**", "bench/**", "conformance/**"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["vite.config.ts", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
]);
