import type { Strings } from "./en";

/** The file display family's strings in French. */
const fr: Strings = {
  preparing: "Recherche du fichier…",
  open: "Ouvrir {{name}} dans la visionneuse de fichiers",
  view: "Afficher",
  failed: "Échec du traitement du fichier",
};

export default fr;
