import type { Strings } from "./en";

/** The forms family's strings in German. */
const de: Strings = {
  title: "Benutzereingabe",
  preparing: "Eingabeformular wird vorbereitet...",
  waiting: "Wartet auf Ihre Antwort",
  submitted: "Gesendet",
  canceled: "Abgebrochen",
  canceledDetail: "Der Benutzer hat diese Eingabeanfrage abgebrochen",
  submitFailed: "Beim Verarbeiten Ihrer Eingabe ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.",
  cancelFailed: "Beim Abbrechen der Eingabeanfrage ist ein Fehler aufgetreten.",
};

export default de;
