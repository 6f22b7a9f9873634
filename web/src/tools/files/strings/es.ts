import type { Strings } from "./en";

/** The file display family's strings in Spanish. */
const es: Strings = {
  preparing: "Buscando el archivo…",
  open: "Abrir {{name}} en el visor de archivos",
  view: "Ver",
  failed: "No se pudo procesar el archivo",
};

export default es;
