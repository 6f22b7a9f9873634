import type { Strings } from "./en";

/** The live agent family's strings in German. */
const de: Strings = {
  title: "Live-Agent",
  running: "Suche nach einem Live-Agenten…",
  offered: "Ein Live-Agent kann dieses Gespräch übernehmen",
  notOffered: "Hier ist kein Live-Agent verfügbar",
  reason: "Grund: {{reason}}",
  defaultReason: "Sie haben darum gebeten, mit einem Menschen zu sprechen",
};

export default de;
