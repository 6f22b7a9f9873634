import type { Strings } from "./en";

/** The sequential thinking family's strings in French. */
const fr: Strings = {
  title: "Réflexion pas à pas",
  step: "Pensée {{n}} sur {{total}}",
  running: "Réflexion…",
  final: "Dernière pensée",
  more: "D'autres pensées suivent",
  revises: "Révise la pensée {{n}}",
  branch: "Branche {{id}} depuis la pensée {{n}}",
};

export default fr;
