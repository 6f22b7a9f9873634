import { cut } from "../../lib/text";
import type { OutputOf, SampleChecks, ToolTypes } from "../types";
import { PASSAGE_PREVIEW_CHARS, TITLE_QUESTION_CHARS, citedDocuments, formatScore, lastHeading, readKnowledge } from "./knowledge";

/**
 * What the knowledge card shows of queryKnowledgeBase's golden sample (spec 001 §2.7): the
 * title with the question, the passages' count or 'No documents found for this query',
 * the knowledge bases searched with their ids, each referenced document once with the
 * sections and pages cited, and each passage's source, score and text.
 */
const checks: SampleChecks = {
  queryKnowledgeBase: (sample) => {
    const reading = readKnowledge(sample);
    if (reading?.kind !== "result") throw new Error("the golden sample is a result");
    const title = `Knowledge base: ${cut(sample.message, TITLE_QUESTION_CHARS)}`;
    const bases = sample.knowledgeBases.flatMap((kb) => [kb.name, `ID ${kb.id}`, kb.scope === "company" ? "Company" : "Personal"]);
    if (sample.results.length === 0) return [title, "No documents found for this query", ...bases];
    return [
      title,
      `${sample.results.length} ${sample.results.length === 1 ? "passage" : "passages"}`,
      ...bases,
      "Referenced documents",
      ...citedDocuments(reading.passages).flatMap((doc) => [doc.source.name, ...doc.citations.map((c) => [c.section ? lastHeading(c.section) : undefined, c.page ? `Page ${c.page}` : undefined].filter(Boolean).join(" · "))]),
      ...sample.results.flatMap((p) => [
        [p.source_document.name, p.source_document.section, p.source_document.page ? `Page ${p.source_document.page}` : undefined].filter(Boolean).join(" › "),
        `Score ${formatScore(p.score, "en")}`,
        cut(p.content.trim(), PASSAGE_PREVIEW_CHARS),
      ]),
      sample.semantic ? "Ranked by words and meaning" : "Ranked by words",
    ];
  },
};

export default checks;

const KB = "kb-0193a7e25c1d7a409b1e6f2d4c8a1b00";
const PERSONAL = "kb-0193a7e25c1d7a409b1e6f2d4c8a1b99";
const cycleCount = {
  documentId: "doc-cycle",
  fileId: "file-cycle",
  mediaType: "text/markdown",
  name: "cycle-count-sop.md",
  url: "/api/file-app/v1/file/view/tok1/cycle-count-sop.md",
};
const contract = {
  documentId: "doc-contract",
  fileId: "file-contract",
  mediaType: "application/pdf",
  name: "Northline carrier contract.pdf",
  url: "/api/file-app/v1/file/view/tok2/Northline%20carrier%20contract.pdf",
};

/**
 * Inputs and outputs for each view of the card, as the server writes them
 * (crates/waybill-knowledge/src/kb/tools.rs): the component tests render these.
 */
export const examples = {
  input: { kbId: [KB, PERSONAL], message: "What does the cycle count SOP say about variances?" } satisfies ToolTypes["queryKnowledgeBase"]["input"],
  found: {
    success: true,
    message: "What does the cycle count SOP say about variances?",
    kbId: [KB, PERSONAL],
    knowledgeBases: [
      { id: KB, name: "Facility SOPs", scope: "company" },
      { id: PERSONAL, name: "My carrier contracts", scope: "personal" },
    ],
    results: [
      {
        content: "A variance outside ±2% or $250 per SKU-location is recounted blind by a second counter within 4 hours.",
        score: 0.912,
        kbId: KB,
        source_document: { ...cycleCount, section: "Cycle Count SOP › 6 Variances" },
      },
      {
        content: "Detention after two free hours is billed at $75 an hour; variances in piece count are noted on the bill of lading.",
        score: 0.5,
        kbId: PERSONAL,
        source_document: { ...contract, page: 4 },
      },
      { content: "Count sheets are kept for two years.", score: 0.41, kbId: KB, source_document: { ...cycleCount, section: "Cycle Count SOP › 7 Records" } },
      { content: "Variances are reported monthly.", score: 0.33, kbId: KB, source_document: { ...cycleCount, section: "Cycle Count SOP › 6 Variances" } },
    ],
    semantic: true,
    note: "The passages are quoted from documents people uploaded.",
  } satisfies OutputOf<"queryKnowledgeBase">,
  empty: {
    success: true,
    message: "What is the policy on drone deliveries?",
    kbId: [KB],
    knowledgeBases: [{ id: KB, name: "Facility SOPs", scope: "company" }],
    results: [],
    semantic: false,
    note: "The passages are quoted from documents people uploaded.",
  } satisfies OutputOf<"queryKnowledgeBase">,
  /** A passage meant to break the card: markup, a right-to-left override and 10,000 characters. */
  hostile: `<img src=x onerror=alert(1)><script>alert(2)</script>\u202E${"x".repeat(10_000)}`,
  failed: "The knowledge base could not be reached right now",
};
