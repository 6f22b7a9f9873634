import type { Translation } from "../../../i18n/families";

/**
 * The BI family's strings (`bi.*` in the catalogue), in English: the source of its keys.
 * The spec's quoted texts (001 §2.13, §8) are kept exactly: 'BI Tool: {name}', 'BI Tool
 * failed: {error}', 'Result parsing error', 'BI Tool Results' ('No result data available'
 * is the core's `tools.noResult`), and the dashboard card's default title 'BI Dashboard'.
 */
const en = {
  title: "BI Tool: {{name}}",
  /** Each tool's friendly name in the title. */
  tools: {
    catalogue: "Cube catalogue",
    schema: "Cube schema",
    enumFields: "Enum fields",
    enumValues: "Enum values",
    query: "Query",
    fileName: "File name",
    download: "Download file",
  },
  running: {
    catalogue: "Listing the cubes…",
    schema: "Reading the cube's fields…",
    enumFields: "Finding the enum fields…",
    enumValues: "Reading the values…",
    query: "Running the query…",
    fileName: "Naming the file…",
    download: "Exporting the result…",
  },
  failed: "BI Tool failed: {{error}}",
  parseError: "Result parsing error",
  footer: "BI Tool Results",
  parameters: {
    none: "No parameters",
    cube: "Cube",
    queryIds: "Query ids",
    description: "Description: {{description}}",
    fileName: "File name",
    format: "Format",
    sql: "SQL",
    purpose: "Purpose: {{purpose}}",
  },
  response: "Response",
  summary: {
    cubes: "Cubes: {{n}}",
    schema: "{{title}} · measures: {{measures}} · dimensions: {{dimensions}}",
    fields: "{{cube}} · enum fields: {{n}}",
    values: "Values: {{n}}",
    rows: "Rows: {{rows}} · columns: {{columns}}",
    download: "{{name}} · rows: {{rows}}",
  },
  cubes: {
    label: "Cubes",
    measures: "Measures: {{n}}",
    dimensions: "Dimensions: {{n}}",
    time: "Time: {{name}}",
  },
  schema: {
    time: "Time dimension: {{name}}",
    measures: "Measures",
    dimensions: "Dimensions",
    name: "Name",
    usage: "Usage",
    format: "Format",
    type: "Type",
    enum: "Enum",
    isEnum: "Enum field",
    hint: "How to query it",
  },
  fields: {
    label: "Enum fields",
    field: "Field",
    queryId: "Query id",
  },
  values: {
    none: "No values",
  },
  export: {
    rows: "Rows: {{n}}",
    cut: "Rows: {{n}} — the query was cut at the row limit",
  },
  query: {
    result: "Query result",
    showAll: "Show all {{n}} rows",
    showFewer: "Show the first {{n}} rows",
    shown: "Showing {{shown}} of {{total}} rows",
    cut: "Showing {{shown}} of {{total}} rows — the query was cut at the row limit",
    provenance: "How this was computed",
    sql: "The SQL as it ran",
    facilities: "Facilities",
    noFacilities: "None",
    asOf: "Data as of {{time}}",
  },
  /** biDashboardTool's card: titled with the dashboard's name, or this. */
  dashboard: {
    title: "BI Dashboard",
    running: "Building the dashboard…",
    summary: "Tiles: {{n}}",
    summaryFailed: "Tiles: {{n}} · failed: {{failed}}",
    tiles: "Tiles",
    planned: "Planned tiles",
    rows: "Rows: {{n}}",
    tileFailed: "Failed: {{error}}",
    open: "Open dashboard",
    openInNewTab: "Open in new tab",
    kinds: {
      kpi: "KPI",
      line: "Line chart",
      bar: "Bar chart",
      stackedBar: "Stacked bar chart",
      table: "Table",
    },
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
