import type { Strings } from "./en";

/** The file display family's strings in German. */
const de: Strings = {
  preparing: "Datei wird gesucht …",
  open: "{{name}} im Dateibetrachter öffnen",
  view: "Anzeigen",
  failed: "Dateiverarbeitung fehlgeschlagen",
};

export default de;
