import type { Translation } from "../../../i18n/families";

/** The image generation family's strings (`image.*` in the catalogue), in English: the source of its keys. */
const en = {
  title: "Image generation",
  running: "Generating images…",
  count: "{{n}} image(s)",
  imageAlt: "Generated image {{n}}",
  open: "Open image {{n}} in the side panel",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
