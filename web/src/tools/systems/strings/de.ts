import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The business-systems family's strings in German. */
const de: Strings = {
  errors: {
    json: "JSON-Analysefehler",
    data: "Fehler bei der Datenverarbeitung",
  },
  search: {
    title: "API-Suche: {{query}}",
    titlePlain: "API-Suche",
    running: "APIs werden durchsucht…",
    found: "Gefundene APIs: {{n}}",
    none: "Keine APIs für „{{query}}“ gefunden",
    failed: "API-Suche fehlgeschlagen: {{error}}",
    similarity: "Ähnlichkeit",
    pathParameters: "Pfad",
    queryParameters: "Abfrage",
    required: "erforderlich",
    takesBody: "JSON-Inhalt",
    results: "Gefundene APIs",
  },
  call: {
    title: "{{request}} bei {{system}}",
    titlePlain: "API-Aufruf",
    running: "{{system}} wird aufgerufen…",
    failed: "API-Aufruf fehlgeschlagen: {{error}}",
    noData: "Keine Antwortdaten verfügbar",
    request: "Anfrage",
    operation: "Operation",
    pathParams: "Pfadparameter",
    query: "Abfrageparameter",
    body: "Inhalt",
    noParameters: "Keine Parameter",
    response: "Antwort",
    statusCode: "Status {{status}}",
    truncated: "Der Assistent erhielt eine gekürzte Antwort; hier steht sie vollständig.",
    willSend: "Diese Anfrage wird an {{system}} gesendet:",
    nothingSent: "An {{system}} wurde nichts gesendet.",
    issues: "Validierungsprobleme",
    issuePath: "Pfad",
    expected: "Erwartet",
    received: "Erhalten",
    message: "Meldung",
    parameters: "Übergebene Parameter",
    suggestions: "Vorgeschlagene Korrekturen",
    answer: "Antwort von {{system}}",
  },
};

export default de;

/** Words that are the same in German (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["call.operation", "call.statusCode"];
