import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The BI family's strings in Spanish. */
const es: Strings = {
  title: "Herramienta BI: {{name}}",
  tools: {
    catalogue: "Catálogo de cubos",
    schema: "Esquema del cubo",
    enumFields: "Campos enumerados",
    enumValues: "Valores enumerados",
    query: "Consulta",
    fileName: "Nombre de archivo",
    download: "Descargar archivo",
  },
  running: {
    catalogue: "Listando los cubos…",
    schema: "Leyendo los campos del cubo…",
    enumFields: "Buscando los campos enumerados…",
    enumValues: "Leyendo los valores…",
    query: "Ejecutando la consulta…",
    fileName: "Poniendo nombre al archivo…",
    download: "Exportando el resultado…",
  },
  failed: "La herramienta BI falló: {{error}}",
  parseError: "Error al analizar el resultado",
  footer: "Resultados de la herramienta BI",
  parameters: {
    none: "Sin parámetros",
    cube: "Cubo",
    queryIds: "Identificadores de consulta",
    description: "Descripción: {{description}}",
    fileName: "Nombre de archivo",
    format: "Formato",
    sql: "SQL",
    purpose: "Propósito: {{purpose}}",
  },
  response: "Respuesta",
  summary: {
    cubes: "Cubos: {{n}}",
    schema: "{{title}} · medidas: {{measures}} · dimensiones: {{dimensions}}",
    fields: "{{cube}} · campos enumerados: {{n}}",
    values: "Valores: {{n}}",
    rows: "Filas: {{rows}} · columnas: {{columns}}",
    download: "{{name}} · filas: {{rows}}",
  },
  cubes: {
    label: "Cubos",
    measures: "Medidas: {{n}}",
    dimensions: "Dimensiones: {{n}}",
    time: "Tiempo: {{name}}",
  },
  schema: {
    time: "Dimensión de tiempo: {{name}}",
    measures: "Medidas",
    dimensions: "Dimensiones",
    name: "Nombre",
    usage: "Uso",
    format: "Formato",
    type: "Tipo",
    enum: "Enumerado",
    isEnum: "Campo enumerado",
    hint: "Cómo consultarlo",
  },
  fields: {
    label: "Campos enumerados",
    field: "Campo",
    queryId: "Identificador de consulta",
  },
  values: {
    none: "Sin valores",
  },
  export: {
    rows: "Filas: {{n}}",
    cut: "Filas: {{n}} — la consulta se cortó en el límite de filas",
  },
  query: {
    result: "Resultado de la consulta",
    showAll: "Mostrar las {{n}} filas",
    showFewer: "Mostrar solo las primeras {{n}} filas",
    shown: "Se muestran {{shown}} de {{total}} filas",
    cut: "Se muestran {{shown}} de {{total}} filas — la consulta se cortó en el límite de filas",
    provenance: "Cómo se calculó",
    sql: "El SQL tal como se ejecutó",
    facilities: "Instalaciones",
    noFacilities: "Ninguna",
    asOf: "Datos a {{time}}",
  },
  dashboard: {
    title: "Panel de BI",
    running: "Creando el panel…",
    summary: "Elementos: {{n}}",
    summaryFailed: "Elementos: {{n}} · con error: {{failed}}",
    tiles: "Elementos del panel",
    planned: "Elementos previstos",
    rows: "Filas: {{n}}",
    tileFailed: "Error: {{error}}",
    open: "Abrir el panel",
    openInNewTab: "Abrir en una pestaña nueva",
    kinds: {
      kpi: "Indicador clave",
      line: "Gráfico de líneas",
      bar: "Gráfico de barras",
      stackedBar: "Gráfico de barras apiladas",
      table: "Tabla",
    },
  },
};

export default es;

/** Words that are the same in Spanish (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["parameters.sql"];
