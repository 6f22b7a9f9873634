import type { OmsOrder } from "../../generated/tools/oms/OmsOrder";
import type { OmsResult } from "../../generated/tools/oms/OmsResult";
import type { ToolPhase } from "../types";
import { isRecord, num, str } from "../../lib/values";

/** The order-management tools: every one is `oms-` and one card shows them all. */
export const OMS_TOOLS = ["oms-importOrders", "oms-getOrder", "oms-listOrders"] as const;
export type OmsTool = (typeof OMS_TOOLS)[number];

/** The catalogue key of each tool's name in the title (the tool's name without `oms-`). */
export const TOOL_KEY = {
  "oms-importOrders": "importOrders",
  "oms-getOrder": "getOrder",
  "oms-listOrders": "listOrders",
} as const satisfies Record<OmsTool, string>;

/**
 * What the card makes of a result (spec 001 §4, §5, §8): the result, and the failure it
 * reports — its error; or, with `success: false` and no error, its message or 'Import
 * failed' (`null`: the card says it in the reader's words). A string result is parsed;
 * one that is not JSON is itself the error text.
 */
export type OmsReading = { result: OmsResult | undefined; failure: string | null | undefined };

function isResult(value: unknown): value is OmsResult {
  return isRecord(value) && (typeof value.success === "boolean" || typeof value.error === "string");
}

export function readOms(output: unknown): OmsReading | null {
  if (output === undefined || output === null) return null;
  let value = output;
  if (typeof output === "string") {
    try {
      value = JSON.parse(output);
    } catch {
      return { result: undefined, failure: output };
    }
  }
  if (!isResult(value)) return { result: undefined, failure: typeof output === "string" ? output : null };
  const error = value.error || undefined;
  const failure = error ?? (value.success === false ? value.message || null : undefined);
  // Stored chats are data: lists a result should have may be missing.
  const result = { ...value, orders: Array.isArray(value.orders) ? value.orders : [], rowErrors: Array.isArray(value.rowErrors) ? value.rowErrors : [] };
  return { result, failure };
}

/** The title's status (spec 001 §4). */
export type OmsStatus = "success" | "failed" | "processing";

/**
 * An error, or `success: false`, is Failed; a result is Success; no result yet is
 * Processing. Phases the spec does not know — waiting for approval, denied, stopped, or
 * left unfinished in an earlier message (`unfinished`) — have none: the shell's status
 * line says what they are.
 */
export function statusOf(phase: ToolPhase, reading: OmsReading | null, unfinished: boolean): OmsStatus | undefined {
  if (phase === "failed" || (reading && reading.failure !== undefined)) return "failed";
  if (reading?.result) return "success";
  if (unfinished || phase === "approval" || phase === "denied" || phase === "stopped") return undefined;
  return "processing";
}

/** The order tools' arguments, read under every name the spec gives them (001 §3). */
export type OmsArguments = {
  fileUrl?: string;
  fileName?: string;
  merchantNo?: string;
  orderId?: string;
  salesOrderId?: string;
  limit?: number;
};

/** The arguments in the order the card lists them. */
export const ARGUMENTS = ["fileUrl", "fileName", "merchantNo", "orderId", "salesOrderId", "limit"] as const satisfies readonly (keyof OmsArguments)[];

export function argumentsOf(input: unknown): OmsArguments {
  if (!isRecord(input)) return {};
  const text = (...keys: string[]) => keys.map((k) => str(input[k])?.trim()).find(Boolean);
  const args: OmsArguments = {
    fileUrl: text("fileUrl", "FileUrl", "url"),
    fileName: text("fileName"),
    merchantNo: text("merchantNo"),
    orderId: text("orderId"),
    salesOrderId: text("salesOrderId"),
    limit: num(input.limit),
  };
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
}

/** The last part of a file link ("…/view/abc/orders.csv" → "orders.csv"). */
export function fileOfUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const last = path.split("/").filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** What the title names (spec 001 §2.14): the file of an import, the merchant of a list, the order of a lookup. */
export function subjectOf(tool: OmsTool, args: OmsArguments, result: OmsResult | undefined): string | undefined {
  const file = result?.fileName || args.fileName || (args.fileUrl ? fileOfUrl(args.fileUrl) : undefined);
  const merchant = result?.merchantNo || args.merchantNo;
  const order = args.orderId || args.salesOrderId || result?.orderId;
  switch (tool) {
    case "oms-importOrders":
      return file ?? merchant;
    case "oms-listOrders":
      return merchant;
    case "oms-getOrder":
      return order ?? merchant;
  }
}

/** An order's ship-to address, as the order system writes it. */
export type ShipTo = { name?: string; lines: string[]; phone?: string };

/** A line of an order, as the order system writes it. */
export type OrderLine = { lineNo?: number; sku?: string; description?: string; quantity?: number; uom?: string; status?: string };

/** What the lookup card shows of the order's whole record (`order`), read tolerantly: it is the order system's own JSON. */
export type OrderDetail = { order: OmsOrder | undefined; shipTo: ShipTo | undefined; lines: OrderLine[] };

export function detailOf(result: OmsResult): OrderDetail {
  const record = isRecord(result.order) ? result.order : undefined;
  const listed = result.orders[0];
  const to = record && isRecord(record.shipTo) ? record.shipTo : undefined;
  const shipTo = to
    ? {
        name: str(to.name),
        lines: [
          str(to.line1) ?? str(to.street),
          str(to.line2) ?? str(to.street2),
          [str(to.city), [str(to.state), str(to.postalCode) ?? str(to.zip)].filter(Boolean).join(" ")].filter(Boolean).join(", "),
          str(to.country),
        ].filter((line): line is string => Boolean(line)),
        phone: str(to.phone),
      }
    : undefined;
  const lines = (record && Array.isArray(record.lines) ? record.lines : []).filter(isRecord).map((line) => ({
    lineNo: num(line.lineNo),
    sku: str(line.sku),
    description: str(line.description),
    quantity: num(line.quantity),
    uom: str(line.uom),
    status: str(line.status),
  }));
  const order =
    listed ??
    (record && str(record.orderId)
      ? { orderId: str(record.orderId)!, salesOrderId: str(record.salesOrderId), status: str(record.status), requestedShipDate: str(record.requestedShipDate) }
      : undefined);
  return { order, shipTo, lines };
}
