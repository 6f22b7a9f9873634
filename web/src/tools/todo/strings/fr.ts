import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The todo family's strings in French. */
const fr: Strings = {
  title: {
    create: "Nouvelle liste de tâches",
    get: "Liste de tâches",
    update: "Mettre à jour la tâche {{id}}",
    updatePlain: "Mettre à jour une tâche",
  },
  running: {
    create: "Préparation du plan…",
    get: "Lecture du plan…",
    update: "Mise à jour de la tâche…",
  },
  taskError: "Erreur de tâche",
  taskUpdateError: "Erreur de mise à jour de la tâche",
  noTodoList: "Pas encore de liste de tâches",
  noTodoListDetail: "Cette conversation n’a pas de plan. L’assistant en établit un quand une demande demande plusieurs étapes.",
  goal: "Objectif global",
  current: "Tâche en cours",
  progress: "{{done}} sur {{total}} terminées",
  tasks: "Tâches",
  noTasks: "Le plan n’a aucune tâche",
  status: {
    pending: "En attente",
    in_progress: "En cours",
    completed: "Terminée",
    failed: "Échouée",
  },
  agent: "Agent",
  after: "Après : {{ids}}",
  output: "Résultat",
  error: "Erreur",
  change: "{{before}} → {{after}}",
  plan: "Le plan",
  asked: "Demandé : tâche {{id}} → {{status}}",
};

export default fr;

/** Words that are the same in French (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["agent"];
