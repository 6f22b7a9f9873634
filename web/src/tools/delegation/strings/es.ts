import type { Strings } from "./en";

/** The delegation family's strings in Spanish. */
const es: Strings = {
  title: "Delegación a {{agent}}",
  titlePlain: "Delegación a un agente",
  badge: {
    preparing: "Preparando la delegación",
    executing: "Ejecutando la delegación",
    completed: "Completada",
    failed: "Fallida",
    stopped: "Detenida",
  },
  domain: {
    "wms-agent": "Operaciones del sistema de gestión de almacenes",
    "bi-agent": "Inteligencia de negocio y analítica",
    "jira-agent": "gestión de incidencias y operaciones de proyectos",
    "fms-agent": "Operaciones del sistema de gestión de fletes",
  },
  agentId: "Id. del agente",
  instruction: "Instrucción",
  generated: "Se generaron {{n}} caracteres de contenido",
  content: "Contenido",
  noContent: "El agente no dio ninguna respuesta",
  showAll: "Mostrar todo",
  showLess: "Mostrar menos",
  toolCalls: "Llamadas a herramientas",
  noToolCalls: "Sin llamadas a herramientas",
  unknownError: "Se produjo un error desconocido",
};

export default es;
