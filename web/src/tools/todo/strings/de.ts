import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The todo family's strings in German. */
const de: Strings = {
  title: {
    create: "Neue Aufgabenliste",
    get: "Aufgabenliste",
    update: "Aufgabe {{id}} aktualisieren",
    updatePlain: "Eine Aufgabe aktualisieren",
  },
  running: {
    create: "Der Plan wird erstellt…",
    get: "Der Plan wird gelesen…",
    update: "Die Aufgabe wird aktualisiert…",
  },
  taskError: "Aufgabenfehler",
  taskUpdateError: "Fehler beim Aktualisieren der Aufgabe",
  noTodoList: "Noch keine Aufgabenliste",
  noTodoListDetail: "Dieser Chat hat keinen Plan. Der Assistent erstellt einen, wenn eine Anfrage mehrere Schritte braucht.",
  goal: "Gesamtziel",
  current: "Aktuelle Aufgabe",
  progress: "{{done}} von {{total}} erledigt",
  tasks: "Aufgaben",
  noTasks: "Der Plan hat keine Aufgaben",
  status: {
    pending: "Ausstehend",
    in_progress: "In Arbeit",
    completed: "Erledigt",
    failed: "Fehlgeschlagen",
  },
  agent: "Agent",
  after: "Nach: {{ids}}",
  output: "Ergebnis",
  error: "Fehler",
  change: "{{before}} → {{after}}",
  plan: "Der Plan",
  asked: "Angefragt: Aufgabe {{id}} → {{status}}",
};

export default de;

/** Words that are the same in German (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["agent"];
