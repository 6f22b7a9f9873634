import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The order-management family's strings in French. */
const fr: Strings = {
  name: "OMS {{tool}}",
  tools: {
    importOrders: "Importer des commandes",
    getOrder: "Consulter une commande",
    listOrders: "Lister les commandes",
  },
  status: {
    success: "Réussi",
    failed: "Échec",
    processing: "En cours",
  },
  running: {
    importOrders: "Import des commandes…",
    getOrder: "Recherche de la commande…",
    listOrders: "Liste des commandes en cours…",
  },
  importFailed: "Échec de l'import",
  operationFailed: "Échec de l'opération : {{error}}",
  will: "Importer les commandes de {{file}} pour le marchand {{merchant}}",
  willNoFile: "Importer un fichier de commandes pour le marchand {{merchant}}",
  args: {
    fileUrl: "Lien du fichier",
    fileName: "Nom du fichier",
    merchantNo: "Numéro de marchand",
    orderId: "Id de commande",
    salesOrderId: "Id de commande client",
    limit: "Au plus",
  },
  result: "Résultat",
  imported: "Commandes importées : {{n}}",
  lines: "Lignes : {{n}}",
  created: "Commandes créées",
  createdSome: "Commandes créées : les {{n}} premières sur {{total}}",
  orders: "Commandes",
  noOrders: "Aucune commande",
  column: {
    orderId: "Id de commande",
    salesOrderId: "Id de commande client",
    status: "Statut",
    lines: "Lignes",
    shipDate: "Date d'expédition",
  },
  order: {
    status: "Statut",
    shipTo: "Livrer à",
    shipDate: "Date d'expédition demandée",
    lines: "Lignes",
    sku: "SKU",
    description: "Description",
    quantity: "Quantité",
  },
  rowErrors: "Erreurs par ligne",
  rowError: {
    row: "Ligne",
    salesOrderId: "Id de commande client",
    column: "Colonne",
    message: "Message",
  },
  moreErrors: "et {{n}} de plus",
};

export default fr;

/** Words that are the same in French (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["name", "order.sku", "order.description", "rowError.message"];
