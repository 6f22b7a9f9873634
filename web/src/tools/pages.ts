import type { FamilyPages } from "./types";

/** "./jira/pages.ts" → "jira". */
function familyOfFolder(path: string): string {
  const match = /^\.\/([^/]+)\/pages\.ts$/.exec(path);
  if (!match?.[1]) throw new Error(`Not a family's pages: ${path}`);
  return match[1];
}

/**
 * Every family's pages and user-menu entries, by family name. They are read by folder
 * (`tools/<family>/pages.ts`), as the catalogue reads the families' strings, so the route
 * table and the user menu never load the families' cards; families.test.ts checks that
 * each file is its registered family's `pages`.
 */
export const familyPages: Readonly<Record<string, FamilyPages>> = Object.fromEntries(
  Object.entries(import.meta.glob<FamilyPages>("./*/pages.ts", { eager: true, import: "default" })).map(([path, pages]) => [familyOfFolder(path), pages]),
);
