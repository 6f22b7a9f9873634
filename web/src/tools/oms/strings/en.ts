import type { Translation } from "../../../i18n/families";

/**
 * The order-management family's strings (`oms.*` in the catalogue), in English: the
 * source of its keys. The spec's quoted texts (001 §2.14, §4, §8) are kept exactly; the
 * card joins its title's parts as the spec writes it, 'OMS {tool} • {subject} • {status}'.
 */
const en = {
  name: "OMS {{tool}}",
  tools: {
    importOrders: "Import orders",
    getOrder: "Get order",
    listOrders: "List orders",
  },
  status: {
    success: "Success",
    failed: "Failed",
    processing: "Processing",
  },
  running: {
    importOrders: "Importing the orders…",
    getOrder: "Looking up the order…",
    listOrders: "Listing the orders…",
  },
  importFailed: "Import failed",
  operationFailed: "Operation failed: {{error}}",
  will: "Import the orders in {{file}} for merchant {{merchant}}",
  willNoFile: "Import an order file for merchant {{merchant}}",
  args: {
    fileUrl: "File link",
    fileName: "File name",
    merchantNo: "Merchant number",
    orderId: "Order id",
    salesOrderId: "Sales order id",
    limit: "At most",
  },
  result: "Result",
  imported: "Orders imported: {{n}}",
  lines: "Lines: {{n}}",
  created: "Orders created",
  createdSome: "Orders created: the first {{n}} of {{total}}",
  orders: "Orders",
  noOrders: "No orders",
  column: {
    orderId: "Order id",
    salesOrderId: "Sales order id",
    status: "Status",
    lines: "Lines",
    shipDate: "Ship date",
  },
  order: {
    status: "Status",
    shipTo: "Ship to",
    shipDate: "Requested ship date",
    lines: "Lines",
    sku: "SKU",
    description: "Description",
    quantity: "Quantity",
  },
  rowErrors: "Row errors",
  rowError: {
    row: "Row",
    salesOrderId: "Sales order id",
    column: "Column",
    message: "Message",
  },
  moreErrors: "and {{n}} more",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
