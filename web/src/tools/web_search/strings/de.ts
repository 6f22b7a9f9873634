import type { Strings } from "./en";

/** The web search family's strings in German. */
const de: Strings = {
  search: {
    title: "Websuche: {{query}}",
    titleAnywhere: "Websuche",
    running: "Das Web wird nach {{query}} durchsucht…",
    runningAnywhere: "Das Web wird durchsucht…",
    results_one: "{{count}} Ergebnis",
    results_other: "{{count}} Ergebnisse",
    none: "Keine Ergebnisse",
    noneDetail: "Die Suche hat nichts gefunden. Andere Wörter finden vielleicht mehr.",
    list: "Suchergebnisse",
    via: "Ergebnisse von {{provider}}",
  },
  page: {
    title: "Seite gelesen: {{site}}",
    titleAnywhere: "Seite gelesen",
    running: "{{site}} wird gelesen…",
    runningAnywhere: "Die Seite wird gelesen…",
    text: "Text der Seite",
    empty: "Die Seite hat keinen Text, der sich zeigen ließe.",
    truncated: "Gekürzt",
    truncatedHint: "Nur der Anfang der Seite wurde gelesen.",
    showAll: "Alles zeigen",
    showLess: "Weniger zeigen",
    redirected: "Über eine Weiterleitung von {{url}} erreicht",
  },
  opensInNewTab: "(öffnet in einem neuen Tab)",
};

export default de;
