import type { Translation } from "../../../i18n/families";

/** The file display family's strings (`files.*` in the catalogue), in English: the source of its keys. */
const en = {
  preparing: "Finding the file…",
  open: "Open {{name}} in the file viewer",
  view: "View",
  failed: "File processing failed",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
