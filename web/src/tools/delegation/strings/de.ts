import type { Strings } from "./en";

/** The delegation family's strings in German. */
const de: Strings = {
  title: "Delegierung an {{agent}}",
  titlePlain: "Delegierung an einen Agenten",
  badge: {
    preparing: "Delegierung wird vorbereitet",
    executing: "Delegierung wird ausgeführt",
    completed: "Abgeschlossen",
    failed: "Fehlgeschlagen",
    stopped: "Angehalten",
  },
  domain: {
    "wms-agent": "Vorgänge im Lagerverwaltungssystem",
    "bi-agent": "Business Intelligence und Analysen",
    "jira-agent": "Vorgangsverwaltung und Projektbetrieb",
    "fms-agent": "Vorgänge im Frachtmanagementsystem",
  },
  agentId: "Agenten-ID",
  instruction: "Anweisung",
  generated: "{{n}} Zeichen Inhalt erzeugt",
  content: "Inhalt",
  noContent: "Der Agent hat nicht geantwortet",
  showAll: "Alles anzeigen",
  showLess: "Weniger anzeigen",
  toolCalls: "Tool-Aufrufe",
  noToolCalls: "Keine Tool-Aufrufe",
  unknownError: "Ein unbekannter Fehler ist aufgetreten",
};

export default de;
