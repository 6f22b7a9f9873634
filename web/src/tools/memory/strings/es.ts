import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The memory family's strings in Spanish. */
const es: Strings = {
  titles: {
    search: "Búsqueda en la memoria",
    searchFor: "Búsqueda en la memoria: {{query}}",
    save: "Guardar recuerdo",
    delete: "Borrar recuerdo",
  },
  running: {
    search: "Buscando en los recuerdos…",
    save: "Guardando el recuerdo…",
    delete: "Borrando el recuerdo…",
  },
  results: {
    search_one: "Se encontró {{count}} recuerdo",
    search_other: "Se encontraron {{count}} recuerdos",
    searchNone: "No se encontraron recuerdos",
    save: "Recuerdo guardado",
    delete: "Recuerdo borrado",
  },
  failed: {
    search: "No se pudieron buscar los recuerdos: {{error}}",
    save: "No se pudo añadir el recuerdo: {{error}}",
    delete: "No se pudo borrar el recuerdo: {{error}}",
  },
  query: "Consulta",
  label: "Recuerdos encontrados",
  none: "No se encontraron recuerdos",
  showAll: "Mostrar todo",
  showLess: "Mostrar menos",
  score: "Puntuación {{score}}",
  scoreHint: "Cuánto coincide con la búsqueda, de 0 a 1",
  created: "Guardado el {{date}}",
  saved: "Recuerdo guardado",
  deleted: "Recuerdo borrado",
  approval: {
    savePersonal: "Recuerda esto para usted:",
    saveSystem: "Recuerda esto para toda su empresa:",
    delete: "Olvida este recuerdo:",
  },
  parameters: {
    content: "Recuerdo",
    importance: "Importancia",
    type: "Tipo",
    memoryId: "ID del recuerdo",
  },
  type: {
    personal: "Personal",
    system: "Empresa",
  },
  importance: {
    low: "Baja",
    medium: "Media",
    high: "Alta",
  },
  importanceBadge: {
    low: "Importancia baja",
    medium: "Importancia media",
    high: "Importancia alta",
  },
  source: {
    chat: "Del chat",
    manual: "Añadido a mano",
  },
};

export default es;

/** Words that are the same in Spanish (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["type.personal"];
