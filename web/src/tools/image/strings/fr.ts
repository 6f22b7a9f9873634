import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The image generation family's strings in French. */
const fr: Strings = {
  title: "Génération d'images",
  running: "Génération des images…",
  count: "{{n}} image(s)",
  imageAlt: "Image générée {{n}}",
  open: "Ouvrir l'image {{n}} dans le panneau latéral",
};

export default fr;

/** Words that are the same in French (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["count"];
