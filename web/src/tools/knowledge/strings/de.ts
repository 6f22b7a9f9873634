import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The knowledge family's strings in German. */
const de: Strings = {
  title: "Wissensdatenbank: {{question}}",
  titleAnywhere: "Wissensdatenbank",
  running: "Wissensdatenbanken werden durchsucht …",
  results_one: "{{count}} Textstelle",
  results_other: "{{count}} Textstellen",
  none: "Zu dieser Anfrage wurden keine Dokumente gefunden",
  question: "Frage",
  bases: "Wissensdatenbanken",
  searched: "Durchsuchte Wissensdatenbanken",
  searchedNone: "Keine Wissensdatenbank zum Durchsuchen",
  id: "ID {{id}}",
  scope: {
    company: "Unternehmen",
    personal: "Persönlich",
  },
  documents: "Zitierte Dokumente",
  open: "Öffnen",
  openLabel: "{{name}} im Dateibetrachter öffnen",
  page: "Seite {{n}}",
  passages: "Textstellen",
  score: "Treffer {{score}}",
  scoreHint: "Wie gut sie die Frage beantwortet, von 0 bis 1",
  showMore: "Mehr anzeigen",
  showLess: "Weniger anzeigen",
  semantic: "Nach Wörtern und Bedeutung geordnet",
  lexical: "Nach Wörtern geordnet",
};
export default de;

/** Words that are the same in German. */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["id"];
