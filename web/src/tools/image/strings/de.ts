import type { Strings } from "./en";

/** The image generation family's strings in German. */
const de: Strings = {
  title: "Bilderzeugung",
  running: "Bilder werden erzeugt…",
  count: "{{n}} Bild(er)",
  imageAlt: "Erzeugtes Bild {{n}}",
  open: "Bild {{n}} in der Seitenleiste öffnen",
};

export default de;
