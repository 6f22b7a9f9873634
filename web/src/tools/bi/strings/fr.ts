import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The BI family's strings in French. */
const fr: Strings = {
  title: "Outil BI : {{name}}",
  tools: {
    catalogue: "Catalogue des cubes",
    schema: "Schéma du cube",
    enumFields: "Champs énumérés",
    enumValues: "Valeurs énumérées",
    query: "Requête",
    fileName: "Nom du fichier",
    download: "Télécharger le fichier",
  },
  running: {
    catalogue: "Liste des cubes en cours…",
    schema: "Lecture des champs du cube…",
    enumFields: "Recherche des champs énumérés…",
    enumValues: "Lecture des valeurs…",
    query: "Exécution de la requête…",
    fileName: "Choix du nom du fichier…",
    download: "Export du résultat…",
  },
  failed: "Échec de l'outil BI : {{error}}",
  parseError: "Erreur d'analyse du résultat",
  footer: "Résultats de l'outil BI",
  parameters: {
    none: "Aucun paramètre",
    cube: "Cube",
    queryIds: "Identifiants de requête",
    description: "Description : {{description}}",
    fileName: "Nom du fichier",
    format: "Format",
    sql: "SQL",
    purpose: "Objet : {{purpose}}",
  },
  response: "Réponse",
  summary: {
    cubes: "Cubes : {{n}}",
    schema: "{{title}} · mesures : {{measures}} · dimensions : {{dimensions}}",
    fields: "{{cube}} · champs énumérés : {{n}}",
    values: "Valeurs : {{n}}",
    rows: "Lignes : {{rows}} · colonnes : {{columns}}",
    download: "{{name}} · lignes : {{rows}}",
  },
  cubes: {
    label: "Cubes",
    measures: "Mesures : {{n}}",
    dimensions: "Dimensions : {{n}}",
    time: "Temps : {{name}}",
  },
  schema: {
    time: "Dimension temporelle : {{name}}",
    measures: "Mesures",
    dimensions: "Dimensions",
    name: "Nom",
    usage: "Utilisation",
    format: "Format",
    type: "Type",
    enum: "Énum.",
    isEnum: "Champ énuméré",
    hint: "Comment l'interroger",
  },
  fields: {
    label: "Champs énumérés",
    field: "Champ",
    queryId: "Identifiant de requête",
  },
  values: {
    none: "Aucune valeur",
  },
  export: {
    rows: "Lignes : {{n}}",
    cut: "Lignes : {{n}} — la requête a été coupée à la limite de lignes",
  },
  query: {
    result: "Résultat de la requête",
    showAll: "Afficher les {{n}} lignes",
    showFewer: "N'afficher que les {{n}} premières lignes",
    shown: "{{shown}} lignes affichées sur {{total}}",
    cut: "{{shown}} lignes affichées sur {{total}} — la requête a été coupée à la limite de lignes",
    provenance: "Comment ce résultat a été calculé",
    sql: "Le SQL tel qu'il a été exécuté",
    facilities: "Sites",
    noFacilities: "Aucun",
    asOf: "Données au {{time}}",
  },
  dashboard: {
    title: "Tableau de bord BI",
    running: "Création du tableau de bord…",
    summary: "Tuiles : {{n}}",
    summaryFailed: "Tuiles : {{n}} · en échec : {{failed}}",
    tiles: "Tuiles",
    planned: "Tuiles prévues",
    rows: "Lignes : {{n}}",
    tileFailed: "Échec : {{error}}",
    open: "Ouvrir le tableau de bord",
    openInNewTab: "Ouvrir dans un nouvel onglet",
    kinds: {
      kpi: "Indicateur clé",
      line: "Graphique en courbes",
      bar: "Graphique en barres",
      stackedBar: "Graphique en barres empilées",
      table: "Tableau",
    },
  },
};

export default fr;

/** Words that are the same in French (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["parameters.cube", "parameters.format", "parameters.sql", "cubes.label", "schema.dimensions", "schema.format", "schema.type"];
