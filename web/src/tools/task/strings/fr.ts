import type { Strings } from "./en";

/** The task family's strings in French. */
const fr: Strings = {
  label: "Tâche terminée",
  defaultMessage: "Tâche terminée avec succès",
  running: "Finalisation de la tâche…",
};

export default fr;
