import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The knowledge family's strings in French. */
const fr: Strings = {
  title: "Base de connaissances : {{question}}",
  titleAnywhere: "Base de connaissances",
  running: "Recherche dans les bases de connaissances…",
  results_one: "{{count}} passage",
  results_other: "{{count}} passages",
  none: "Aucun document trouvé pour cette requête",
  question: "Question",
  bases: "Bases de connaissances",
  searched: "Bases de connaissances consultées",
  searchedNone: "Aucune base de connaissances à consulter",
  id: "ID {{id}}",
  scope: {
    company: "Entreprise",
    personal: "Personnelle",
  },
  documents: "Documents cités",
  open: "Ouvrir",
  openLabel: "Ouvrir {{name}} dans la visionneuse de fichiers",
  page: "Page {{n}}",
  passages: "Passages",
  score: "Score {{score}}",
  scoreHint: "Dans quelle mesure il répond à la question, de 0 à 1",
  showMore: "Afficher plus",
  showLess: "Afficher moins",
  semantic: "Classé par mots et par sens",
  lexical: "Classé par mots",
};
export default fr;

/** Words that are the same in French. */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["results_one", "results_other", "question", "id", "page", "passages", "score"];
