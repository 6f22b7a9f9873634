import type { Strings } from "./en";

/** The memory family's strings in German. */
const de: Strings = {
  titles: {
    search: "Gedächtnissuche",
    searchFor: "Gedächtnissuche: {{query}}",
    save: "Erinnerung speichern",
    delete: "Erinnerung löschen",
  },
  running: {
    search: "Erinnerungen werden durchsucht …",
    save: "Erinnerung wird gespeichert …",
    delete: "Erinnerung wird gelöscht …",
  },
  results: {
    search_one: "{{count}} Erinnerung gefunden",
    search_other: "{{count}} Erinnerungen gefunden",
    searchNone: "Keine Erinnerungen gefunden",
    save: "Erinnerung gespeichert",
    delete: "Erinnerung gelöscht",
  },
  failed: {
    search: "Erinnerungen konnten nicht durchsucht werden: {{error}}",
    save: "Erinnerung konnte nicht hinzugefügt werden: {{error}}",
    delete: "Erinnerung konnte nicht gelöscht werden: {{error}}",
  },
  query: "Suchanfrage",
  label: "Gefundene Erinnerungen",
  none: "Keine Erinnerungen gefunden",
  showAll: "Alles anzeigen",
  showLess: "Weniger anzeigen",
  score: "Treffer {{score}}",
  scoreHint: "Wie gut sie zur Suche passt, von 0 bis 1",
  created: "Gespeichert {{date}}",
  saved: "Erinnerung gespeichert",
  deleted: "Erinnerung gelöscht",
  approval: {
    savePersonal: "Merkt sich das für Sie:",
    saveSystem: "Merkt sich das für alle in Ihrem Unternehmen:",
    delete: "Vergisst diese Erinnerung:",
  },
  parameters: {
    content: "Erinnerung",
    importance: "Wichtigkeit",
    type: "Art",
    memoryId: "Erinnerungs-ID",
  },
  type: {
    personal: "Persönlich",
    system: "Unternehmen",
  },
  importance: {
    low: "Niedrig",
    medium: "Mittel",
    high: "Hoch",
  },
  importanceBadge: {
    low: "Niedrige Wichtigkeit",
    medium: "Mittlere Wichtigkeit",
    high: "Hohe Wichtigkeit",
  },
  source: {
    chat: "Aus dem Chat",
    manual: "Von Hand hinzugefügt",
  },
};

export default de;
