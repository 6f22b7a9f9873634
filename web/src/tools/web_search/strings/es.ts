import type { Strings } from "./en";

/** The web search family's strings in Spanish. */
const es: Strings = {
  search: {
    title: "Búsqueda web: {{query}}",
    titleAnywhere: "Búsqueda web",
    running: "Buscando {{query}} en la web…",
    runningAnywhere: "Buscando en la web…",
    results_one: "{{count}} resultado",
    results_other: "{{count}} resultados",
    none: "Sin resultados",
    noneDetail: "La búsqueda no encontró nada. Otras palabras pueden encontrar más.",
    list: "Resultados de la búsqueda",
    via: "Resultados de {{provider}}",
  },
  page: {
    title: "Página leída: {{site}}",
    titleAnywhere: "Página leída",
    running: "Leyendo {{site}}…",
    runningAnywhere: "Leyendo la página…",
    text: "Texto de la página",
    empty: "La página no tiene texto que mostrar.",
    truncated: "Recortado",
    truncatedHint: "Solo se leyó el principio de la página.",
    showAll: "Mostrar todo",
    showLess: "Mostrar menos",
    redirected: "Se llegó por una redirección desde {{url}}",
  },
  opensInNewTab: "(se abre en una pestaña nueva)",
};

export default es;
