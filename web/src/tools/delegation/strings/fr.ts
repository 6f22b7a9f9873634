import type { Strings } from "./en";

/** The delegation family's strings in French. */
const fr: Strings = {
  title: "Délégation à {{agent}}",
  titlePlain: "Délégation à un agent",
  badge: {
    preparing: "Préparation de la délégation",
    executing: "Exécution de la délégation",
    completed: "Terminée",
    failed: "Échouée",
    stopped: "Arrêtée",
  },
  domain: {
    "wms-agent": "Opérations du système de gestion d’entrepôt",
    "bi-agent": "Informatique décisionnelle et analyses",
    "jira-agent": "gestion des tickets et opérations de projet",
    "fms-agent": "Opérations du système de gestion du fret",
  },
  agentId: "Identifiant de l’agent",
  instruction: "Consigne",
  generated: "{{n}} caractères de contenu générés",
  content: "Contenu",
  noContent: "L’agent n’a donné aucune réponse",
  showAll: "Tout afficher",
  showLess: "Réduire",
  toolCalls: "Appels d’outils",
  noToolCalls: "Aucun appel d’outil",
  unknownError: "Une erreur inconnue s’est produite",
};

export default fr;
