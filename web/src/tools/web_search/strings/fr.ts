import type { Strings } from "./en";

/** The web search family's strings in French. */
const fr: Strings = {
  search: {
    title: "Recherche web : {{query}}",
    titleAnywhere: "Recherche web",
    running: "Recherche de {{query}} sur le web…",
    runningAnywhere: "Recherche sur le web…",
    results_one: "{{count}} résultat",
    results_other: "{{count}} résultats",
    none: "Aucun résultat",
    noneDetail: "La recherche n'a rien trouvé. D'autres mots trouveront peut-être davantage.",
    list: "Résultats de la recherche",
    via: "Résultats de {{provider}}",
  },
  page: {
    title: "Page lue : {{site}}",
    titleAnywhere: "Page lue",
    running: "Lecture de {{site}}…",
    runningAnywhere: "Lecture de la page…",
    text: "Texte de la page",
    empty: "La page n'a pas de texte à montrer.",
    truncated: "Tronqué",
    truncatedHint: "Seul le début de la page a été lu.",
    showAll: "Tout afficher",
    showLess: "Afficher moins",
    redirected: "Atteinte par une redirection depuis {{url}}",
  },
  opensInNewTab: "(s'ouvre dans un nouvel onglet)",
};

export default fr;
