import type { Strings } from "./en";

/** The task family's strings in German. */
const de: Strings = {
  label: "Aufgabe erledigt",
  defaultMessage: "Aufgabe erfolgreich abgeschlossen",
  running: "Aufgabe wird abgeschlossen…",
};

export default de;
