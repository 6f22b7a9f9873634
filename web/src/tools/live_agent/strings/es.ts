import type { Strings } from "./en";

/** The live agent family's strings in Spanish. */
const es: Strings = {
  title: "Agente en vivo",
  running: "Buscando un agente en vivo…",
  offered: "Un agente en vivo puede continuar esta conversación",
  notOffered: "Aquí no hay un agente en vivo disponible",
  reason: "Motivo: {{reason}}",
  defaultReason: "Pidió hablar con una persona",
};

export default es;
