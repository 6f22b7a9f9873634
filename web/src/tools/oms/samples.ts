import type { GetOrderInput } from "../../generated/tools/oms/GetOrderInput";
import type { ImportOrdersInput } from "../../generated/tools/oms/ImportOrdersInput";
import type { ListOrdersInput } from "../../generated/tools/oms/ListOrdersInput";
import type { OmsResult } from "../../generated/tools/oms/OmsResult";
import type { SampleChecks } from "../types";

/** A result's status as the title shows it (spec 001 §4). */
const status = (sample: OmsResult) => (sample.error || !sample.success ? "Failed" : "Success");

/**
 * What the order-management card shows of its tools' golden samples: the title's tool and
 * status, the order id and the message (or the error).
 */
const checks: SampleChecks = {
  "oms-importOrders": (sample) => [`OMS Import orders`, status(sample), sample.message ?? sample.error ?? "Import failed"],
  "oms-getOrder": (sample) => [`OMS Get order`, status(sample), ...(sample.orderId ? [sample.orderId] : [])],
  "oms-listOrders": (sample) => [`OMS List orders`, status(sample), ...sample.orders.map((order) => order.orderId)],
};

export default checks;

/**
 * Inputs and outputs for each view of the card, as the server writes them
 * (crates/waybill-systems/src/oms.rs): the component tests and the card screenshots render
 * these.
 */
export const examples = {
  importInput: { fileUrl: "/api/file-app/v1/file/view/3f9c2a/week-48%20orders.csv", fileName: "week-48 orders.csv", merchantNo: "M10042" } satisfies ImportOrdersInput,
  importSuccess: {
    success: true,
    orderId: "ORD-00004811",
    message: "Imported 3 orders with 7 lines from week-48 orders.csv for merchant M10042",
    fileName: "week-48 orders.csv",
    merchantNo: "M10042",
    imported: 3,
    lineCount: 7,
    orders: [
      { orderId: "ORD-00004811", salesOrderId: "SO-48001", status: "open", lineCount: 2 },
      { orderId: "ORD-00004812", salesOrderId: "SO-48002", status: "open", lineCount: 4 },
      { orderId: "ORD-00004813", salesOrderId: "SO-48003", status: "open", lineCount: 1 },
    ],
    rowErrors: [],
  } satisfies OmsResult,
  importRowErrors: {
    success: false,
    error: "week-48 orders.csv was not imported: 104 rows have problems",
    fileName: "week-48 orders.csv",
    merchantNo: "M10042",
    orders: [],
    rowErrors: [
      { row: 3, salesOrderId: "SO-48002", column: "Qty", message: "'two' is not a whole number" },
      { row: 7, salesOrderId: "SO-48004", column: "Zip", message: "ZIP must be 5 digits" },
      { row: 12, column: "SKU", message: "SKU-9999 is not a known item" },
    ],
    moreErrors: 101,
  } satisfies OmsResult,
  getInput: { orderId: "ORD-00004811" } satisfies GetOrderInput,
  getOrder: {
    success: true,
    orderId: "ORD-00004811",
    message: "Order ORD-00004811 is picking",
    orders: [{ orderId: "ORD-00004811", salesOrderId: "SO-48001", status: "picking", lineCount: 2, requestedShipDate: "2026-12-01" }],
    rowErrors: [],
    order: {
      orderId: "ORD-00004811",
      salesOrderId: "SO-48001",
      merchantNo: "M10042",
      status: "picking",
      shipTo: { name: "Acme Outdoor", line1: "1200 Harbor Blvd", line2: "Suite 4", city: "Reno", state: "NV", postalCode: "89501", country: "US", phone: "+1 775 555 0100" },
      requestedShipDate: "2026-12-01",
      lineCount: 2,
      lines: [
        { lineNo: 1, sku: "CHAIR-FOLD-BLK", description: "Folding chair, black", uom: "EA", quantity: 12, status: "allocated" },
        { lineNo: 2, sku: "TABLE-6FT", description: "Six-foot table", uom: "EA", quantity: 2, status: "picked" },
      ],
    },
  } satisfies OmsResult,
  listInput: { merchantNo: "M10042", limit: 3 } satisfies ListOrdersInput,
  listOrders: {
    success: true,
    orderId: "ORD-00004813",
    message: "Merchant M10042 has 212 orders; showing the 3 most recent",
    merchantNo: "M10042",
    orders: [
      { orderId: "ORD-00004813", salesOrderId: "SO-48003", status: "open", lineCount: 1, requestedShipDate: "2026-12-02" },
      { orderId: "ORD-00004812", salesOrderId: "SO-48002", status: "allocated", lineCount: 4, requestedShipDate: "2026-12-01" },
      { orderId: "ORD-00004811", salesOrderId: "SO-48001", status: "picking", lineCount: 2, requestedShipDate: "2026-12-01" },
    ],
    rowErrors: [],
  } satisfies OmsResult,
  /** A result that arrived as text that is not JSON (spec 001 §5): the text is the error. */
  notJson: "Gateway timeout: the order system did not answer within 30 s",
};
