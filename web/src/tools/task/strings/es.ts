import type { Strings } from "./en";

/** The task family's strings in Spanish. */
const es: Strings = {
  label: "Tarea completada",
  defaultMessage: "Tarea completada correctamente",
  running: "Terminando la tarea…",
};

export default es;
