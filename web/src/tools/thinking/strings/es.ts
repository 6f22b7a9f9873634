import type { Strings } from "./en";

/** The sequential thinking family's strings in Spanish. */
const es: Strings = {
  title: "Razonamiento paso a paso",
  step: "Pensamiento {{n}} de {{total}}",
  running: "Pensando…",
  final: "Último pensamiento",
  more: "Siguen más pensamientos",
  revises: "Revisa el pensamiento {{n}}",
  branch: "Rama {{id}} desde el pensamiento {{n}}",
};

export default es;
