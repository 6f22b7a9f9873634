import type * as Families from "../tools/families";

type Registered = typeof Families;

/** Every registered tool family's English strings, under the family's name. */
export type FamilyStrings = { readonly [Family in keyof Registered]: Registered[Family]["strings"] };

/** The strings of one language: the English shape, any string values. */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** The dotted paths of a strings tree's keys ("cities.newYork"). */
export type KeyPath<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyPath<T[K]>}` }[keyof T & string];

/** `a` and `b` as one object type, so the typed `t()` sees one tree of keys. */
type Joined<A, B> = { readonly [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never };

/** "../../tools/weather/strings/de.ts" (or "./weather/strings/de.ts" from tools/) → "weather". */
export function familyOfPath(path: string): string {
  const match = /([^/]+)\/strings\/[^/]+\.ts$/.exec(path);
  if (!match?.[1]) throw new Error(`Not a tool family's strings: ${path}`);
  return match[1];
}

/**
 * A language's catalogue: its core strings and each family's strings for it under the
 * family's name. `modules` is that language's `import.meta.glob` of
 * `tools/<family>/strings/<language>.ts` (eager, so they share the language's chunk).
 * A glob is not typed; each family's file is typed against its English in its own
 * folder, and catalogues.test.ts checks that every language has every key.
 */
function joinFamilies<Core extends object, Families>(core: Core, modules: Record<string, unknown>): Joined<Core, Families> {
  const joined: Record<string, unknown> = {};
  Object.assign(joined, core);
  for (const [path, strings] of Object.entries(modules)) {
    const family = familyOfPath(path);
    if (Object.hasOwn(core, family)) throw new Error(`The tool family ${family} has the name of a core catalogue section`);
    joined[family] = strings;
  }
  return joined as Joined<Core, Families>;
}

/** English: the source of every key. */
export const withEnglishFamilies = <Core extends object>(core: Core, modules: Record<string, unknown>) => joinFamilies<Core, FamilyStrings>(core, modules);

/** Any other language. */
export const withFamilies = <Core extends object>(core: Core, modules: Record<string, unknown>) => joinFamilies<Core, Translation<FamilyStrings>>(core, modules);
