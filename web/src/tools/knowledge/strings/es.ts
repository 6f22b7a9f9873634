import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The knowledge family's strings in Spanish. */
const es: Strings = {
  title: "Base de conocimiento: {{question}}",
  titleAnywhere: "Base de conocimiento",
  running: "Buscando en las bases de conocimiento…",
  results_one: "{{count}} fragmento",
  results_other: "{{count}} fragmentos",
  none: "No se encontraron documentos para esta consulta",
  question: "Pregunta",
  bases: "Bases de conocimiento",
  searched: "Bases de conocimiento consultadas",
  searchedNone: "No hay ninguna base de conocimiento que consultar",
  id: "ID {{id}}",
  scope: {
    company: "Empresa",
    personal: "Personal",
  },
  documents: "Documentos citados",
  open: "Abrir",
  openLabel: "Abrir {{name}} en el visor de archivos",
  page: "Página {{n}}",
  passages: "Fragmentos",
  score: "Puntuación {{score}}",
  scoreHint: "En qué medida responde a la pregunta, de 0 a 1",
  showMore: "Ver más",
  showLess: "Ver menos",
  semantic: "Ordenado por palabras y significado",
  lexical: "Ordenado por palabras",
};
export default es;

/** Words that are the same in Spanish. */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["id", "scope.personal"];
