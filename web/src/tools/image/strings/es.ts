import type { Strings } from "./en";

/** The image generation family's strings in Spanish. */
const es: Strings = {
  title: "Generación de imágenes",
  running: "Generando imágenes…",
  count: "{{n}} imagen(es)",
  imageAlt: "Imagen generada {{n}}",
  open: "Abrir la imagen {{n}} en el panel lateral",
};

export default es;
