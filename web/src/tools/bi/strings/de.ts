import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The BI family's strings in German. */
const de: Strings = {
  title: "BI-Werkzeug: {{name}}",
  tools: {
    catalogue: "Würfelkatalog",
    schema: "Würfelschema",
    enumFields: "Aufzählungsfelder",
    enumValues: "Aufzählungswerte",
    query: "Abfrage",
    fileName: "Dateiname",
    download: "Datei herunterladen",
  },
  running: {
    catalogue: "Würfel werden aufgelistet …",
    schema: "Felder des Würfels werden gelesen …",
    enumFields: "Aufzählungsfelder werden gesucht …",
    enumValues: "Werte werden gelesen …",
    query: "Abfrage läuft …",
    fileName: "Dateiname wird erstellt …",
    download: "Ergebnis wird exportiert …",
  },
  failed: "BI-Werkzeug fehlgeschlagen: {{error}}",
  parseError: "Fehler beim Lesen des Ergebnisses",
  footer: "Ergebnisse des BI-Werkzeugs",
  parameters: {
    none: "Keine Parameter",
    cube: "Würfel",
    queryIds: "Abfrage-IDs",
    description: "Beschreibung: {{description}}",
    fileName: "Dateiname",
    format: "Format",
    sql: "SQL",
    purpose: "Zweck: {{purpose}}",
  },
  response: "Antwort",
  summary: {
    cubes: "Würfel: {{n}}",
    schema: "{{title}} · Kennzahlen: {{measures}} · Dimensionen: {{dimensions}}",
    fields: "{{cube}} · Aufzählungsfelder: {{n}}",
    values: "Werte: {{n}}",
    rows: "Zeilen: {{rows}} · Spalten: {{columns}}",
    download: "{{name}} · Zeilen: {{rows}}",
  },
  cubes: {
    label: "Würfel",
    measures: "Kennzahlen: {{n}}",
    dimensions: "Dimensionen: {{n}}",
    time: "Zeit: {{name}}",
  },
  schema: {
    time: "Zeitdimension: {{name}}",
    measures: "Kennzahlen",
    dimensions: "Dimensionen",
    name: "Name",
    usage: "Verwendung",
    format: "Format",
    type: "Typ",
    enum: "Aufzählung",
    isEnum: "Aufzählungsfeld",
    hint: "So wird er abgefragt",
  },
  fields: {
    label: "Aufzählungsfelder",
    field: "Feld",
    queryId: "Abfrage-ID",
  },
  values: {
    none: "Keine Werte",
  },
  export: {
    rows: "Zeilen: {{n}}",
    cut: "Zeilen: {{n}} — die Abfrage wurde am Zeilenlimit abgeschnitten",
  },
  query: {
    result: "Abfrageergebnis",
    showAll: "Alle {{n}} Zeilen anzeigen",
    showFewer: "Nur die ersten {{n}} Zeilen anzeigen",
    shown: "{{shown}} von {{total}} Zeilen angezeigt",
    cut: "{{shown}} von {{total}} Zeilen angezeigt — die Abfrage wurde am Zeilenlimit abgeschnitten",
    provenance: "So wurde das berechnet",
    sql: "Das ausgeführte SQL",
    facilities: "Standorte",
    noFacilities: "Keine",
    asOf: "Datenstand {{time}}",
  },
  dashboard: {
    title: "BI-Dashboard",
    running: "Dashboard wird erstellt …",
    summary: "Kacheln: {{n}}",
    summaryFailed: "Kacheln: {{n}} · fehlgeschlagen: {{failed}}",
    tiles: "Kacheln",
    planned: "Geplante Kacheln",
    rows: "Zeilen: {{n}}",
    tileFailed: "Fehlgeschlagen: {{error}}",
    open: "Dashboard öffnen",
    openInNewTab: "In neuem Tab öffnen",
    kinds: {
      kpi: "Kennzahl",
      line: "Liniendiagramm",
      bar: "Balkendiagramm",
      stackedBar: "Gestapeltes Balkendiagramm",
      table: "Tabelle",
    },
  },
};

export default de;

/** Words that are the same in German (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["parameters.sql", "parameters.format", "schema.name", "schema.format"];
