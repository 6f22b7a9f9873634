import type { Strings } from "./en";

/** The proving family's strings in German. */
const de: Strings = {
  mark: {
    title: "Prüfmarke",
    will: "Eine Prüfmarke mit der Aufschrift „{{label}}“ setzen",
    done: "„{{label}}“ markiert — {{marks}} insgesamt",
    label: "Aufschrift",
    marks: "Marken insgesamt",
    id: "Marke",
  },
  ask: {
    title: "Eine Frage an Sie",
    waiting: "Wartet auf Ihre Antwort",
    answer: "Ihre Antwort",
    send: "Senden",
    answered: "Sie haben „{{answer}}“ geantwortet",
  },
  count: {
    title: "Zählen bis {{to}}",
    titlePlain: "Zählen",
    starting: "Zählt…",
    counting: "Zählt… {{at}} von {{to}}",
    counted: "Bis {{counted}} gezählt",
  },
  delegate: {
    title: "Delegierte Aufgabe",
    task: "Aufgabe",
    starting: "Sub-Agent wird gestartet…",
    working: "Sub-Agent arbeitet — Schritt {{steps}}",
    done: "Der Sub-Agent sagte: {{text}}",
  },
};

export default de;
