import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The business-systems family's strings in French. */
const fr: Strings = {
  errors: {
    json: "Erreur d'analyse JSON",
    data: "Erreur de traitement des données",
  },
  search: {
    title: "Recherche d'API : {{query}}",
    titlePlain: "Recherche d'API",
    running: "Recherche des API…",
    found: "API trouvées : {{n}}",
    none: "Aucune API trouvée pour « {{query}} »",
    failed: "La recherche d'API a échoué : {{error}}",
    similarity: "Similarité",
    pathParameters: "Chemin",
    queryParameters: "Requête",
    required: "obligatoire",
    takesBody: "Corps JSON",
    results: "API trouvées",
  },
  call: {
    title: "{{request}} sur {{system}}",
    titlePlain: "Appel d'API",
    running: "Appel de {{system}}…",
    failed: "L'appel d'API a échoué : {{error}}",
    noData: "Aucune donnée de réponse disponible",
    request: "Requête",
    operation: "Opération",
    pathParams: "Paramètres de chemin",
    query: "Paramètres de requête",
    body: "Corps",
    noParameters: "Aucun paramètre",
    response: "Réponse",
    statusCode: "Statut {{status}}",
    truncated: "L'assistant a reçu une réponse abrégée ; la réponse complète est affichée ici.",
    willSend: "Cette requête sera envoyée à {{system}} :",
    nothingSent: "Rien n'a été envoyé à {{system}}.",
    issues: "Problèmes de validation",
    issuePath: "Chemin",
    expected: "Attendu",
    received: "Reçu",
    message: "Message",
    parameters: "Paramètres transmis",
    suggestions: "Corrections suggérées",
    answer: "Réponse de {{system}}",
  },
};

export default fr;

/** Words that are the same in French (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["call.message"];
