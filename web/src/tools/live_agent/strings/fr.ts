import type { Strings } from "./en";

/** The live agent family's strings in French. */
const fr: Strings = {
  title: "Agent en direct",
  running: "Recherche d'un agent en direct…",
  offered: "Un agent en direct peut reprendre cette conversation",
  notOffered: "Aucun agent en direct n'est disponible ici",
  reason: "Raison : {{reason}}",
  defaultReason: "Vous avez demandé à parler à une personne",
};

export default fr;
