import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The order-management family's strings in German. */
const de: Strings = {
  name: "OMS {{tool}}",
  tools: {
    importOrders: "Aufträge importieren",
    getOrder: "Auftrag abrufen",
    listOrders: "Aufträge auflisten",
  },
  status: {
    success: "Erfolgreich",
    failed: "Fehlgeschlagen",
    processing: "In Bearbeitung",
  },
  running: {
    importOrders: "Aufträge werden importiert…",
    getOrder: "Auftrag wird abgerufen…",
    listOrders: "Aufträge werden aufgelistet…",
  },
  importFailed: "Import fehlgeschlagen",
  operationFailed: "Vorgang fehlgeschlagen: {{error}}",
  will: "Die Aufträge aus {{file}} für Händler {{merchant}} importieren",
  willNoFile: "Eine Auftragsdatei für Händler {{merchant}} importieren",
  args: {
    fileUrl: "Dateilink",
    fileName: "Dateiname",
    merchantNo: "Händlernummer",
    orderId: "Auftrags-ID",
    salesOrderId: "Verkaufsauftrags-ID",
    limit: "Höchstens",
  },
  result: "Ergebnis",
  imported: "Importierte Aufträge: {{n}}",
  lines: "Positionen: {{n}}",
  created: "Angelegte Aufträge",
  createdSome: "Angelegte Aufträge: die ersten {{n}} von {{total}}",
  orders: "Aufträge",
  noOrders: "Keine Aufträge",
  column: {
    orderId: "Auftrags-ID",
    salesOrderId: "Verkaufsauftrags-ID",
    status: "Status",
    lines: "Positionen",
    shipDate: "Versanddatum",
  },
  order: {
    status: "Status",
    shipTo: "Lieferadresse",
    shipDate: "Gewünschtes Versanddatum",
    lines: "Positionen",
    sku: "SKU",
    description: "Beschreibung",
    quantity: "Menge",
  },
  rowErrors: "Fehler je Zeile",
  rowError: {
    row: "Zeile",
    salesOrderId: "Verkaufsauftrags-ID",
    column: "Spalte",
    message: "Meldung",
  },
  moreErrors: "und {{n}} weitere",
};

export default de;

/** Words that are the same in German (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["name", "column.status", "order.status", "order.sku"];
