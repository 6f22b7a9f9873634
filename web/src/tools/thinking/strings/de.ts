import type { Strings } from "./en";

/** The sequential thinking family's strings in German. */
const de: Strings = {
  title: "Schrittweises Denken",
  step: "Gedanke {{n}} von {{total}}",
  running: "Denkt nach…",
  final: "Letzter Gedanke",
  more: "Weitere Gedanken folgen",
  revises: "Überarbeitet Gedanke {{n}}",
  branch: "Zweig {{id}} ab Gedanke {{n}}",
};

export default de;
