import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The todo family's strings in Spanish. */
const es: Strings = {
  title: {
    create: "Nueva lista de tareas",
    get: "Lista de tareas",
    update: "Actualizar la tarea {{id}}",
    updatePlain: "Actualizar una tarea",
  },
  running: {
    create: "Preparando el plan…",
    get: "Leyendo el plan…",
    update: "Actualizando la tarea…",
  },
  taskError: "Error de tarea",
  taskUpdateError: "Error al actualizar la tarea",
  noTodoList: "Todavía no hay lista de tareas",
  noTodoListDetail: "Este chat no tiene plan. El asistente crea uno cuando una solicitud requiere varios pasos.",
  goal: "Objetivo general",
  current: "Tarea actual",
  progress: "{{done}} de {{total}} completadas",
  tasks: "Tareas",
  noTasks: "El plan no tiene tareas",
  status: {
    pending: "Pendiente",
    in_progress: "En curso",
    completed: "Completada",
    failed: "Fallida",
  },
  agent: "Agente",
  after: "Después de: {{ids}}",
  output: "Resultado",
  error: "Error",
  change: "{{before}} → {{after}}",
  plan: "El plan",
  asked: "Solicitado: tarea {{id}} → {{status}}",
};

export default es;

/** Words that are the same in Spanish (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["error"];
