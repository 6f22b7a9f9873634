import type { Translation } from "../../../i18n/families";

/**
 * The knowledge family's strings (`knowledge.*` in the catalogue), in English: the source
 * of its keys. The spec's empty line (001 §2.7, §8), 'No documents found for this query',
 * is kept exactly.
 */
const en = {
  title: "Knowledge base: {{question}}",
  titleAnywhere: "Knowledge base",
  running: "Searching the knowledge bases…",
  results_one: "{{count}} passage",
  results_other: "{{count}} passages",
  none: "No documents found for this query",
  question: "Question",
  bases: "Knowledge bases",
  searched: "Knowledge bases searched",
  searchedNone: "No knowledge base to search",
  id: "ID {{id}}",
  scope: {
    company: "Company",
    personal: "Personal",
  },
  documents: "Referenced documents",
  open: "Open",
  openLabel: "Open {{name}} in the file viewer",
  page: "Page {{n}}",
  passages: "Passages",
  score: "Score {{score}}",
  scoreHint: "How well it answers the question, from 0 to 1",
  showMore: "Show more",
  showLess: "Show less",
  semantic: "Ranked by words and meaning",
  lexical: "Ranked by words",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
