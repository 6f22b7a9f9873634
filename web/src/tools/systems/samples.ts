import type { ApiCallInput } from "../../generated/tools/systems/ApiCallInput";
import type { ApiCallResult } from "../../generated/tools/systems/ApiCallResult";
import type { ApiSearchResult } from "../../generated/tools/systems/ApiSearchResult";
import type { SampleChecks } from "../types";

/**
 * What the search and call cards show of their tools' golden samples: the best match's
 * path and similarity (or the empty search's line), and the call's status and record count
 * (or the failure's error).
 */
const checks: SampleChecks = {
  apiSearch: (sample) => {
    const best = sample.apis[0];
    if (!sample.success) return [`API search failed: ${sample.error ?? "Unknown error"}`];
    return best ? [best.path, `${best.similarity}%`] : [`No APIs found for "${sample.query}"`];
  },
  apiCall: (sample) => {
    if (!sample.success) return ["Tool Call Failed", sample.error ?? "Unknown error"];
    return [sample.status_code === undefined ? "" : `Status ${sample.status_code}`, sample.summary ?? ""].filter(Boolean);
  },
};

export default checks;

const order = (n: number) => ({
  orderId: `ORD-${String(n).padStart(8, "0")}`,
  salesOrderId: `SO-48${String(n).padStart(3, "0")}`,
  status: n % 3 === 0 ? "picking" : "open",
  customerName: "Pacific Outdoor Supply",
  lineCount: (n % 4) + 1,
  requestedShipDate: "2026-12-01",
});

/**
 * Outputs for each view of the two cards, as the server writes them (crates/waybill-systems):
 * the component tests and the card screenshots render these.
 */
export const examples = {
  searchHits: {
    success: true,
    query: "cancel an outbound order",
    apis: [
      {
        system: "demo-wms",
        kind: "wms",
        operation: "cancelOrder",
        method: "POST",
        path: "/v1/outbound/orders/{orderId}/cancel",
        similarity: 91,
        summary: "Cancel an outbound order that has not shipped",
        parameters: { path: [{ name: "orderId", required: true }], query: [] },
        hasBody: true,
      },
      {
        system: "demo-wms",
        kind: "wms",
        operation: "listOrders",
        method: "GET",
        path: "/v1/outbound/orders",
        similarity: 64,
        description: "List outbound orders, newest first, filtered by status, customer and ship date.",
        parameters: {
          path: [],
          query: [
            { name: "status", required: false },
            { name: "customerName", required: false },
            { name: "pageSize", required: false },
          ],
        },
        hasBody: false,
      },
      {
        system: "demo-oms",
        kind: "oms",
        operation: "deleteMerchantOrder",
        method: "DELETE",
        path: "/v1/orders/{orderId}",
        similarity: 42,
        summary: "Delete a merchant order",
        parameters: { path: [{ name: "orderId", required: true }], query: [{ name: "merchantNo", required: true }] },
        hasBody: false,
      },
    ],
  } satisfies ApiSearchResult,
  searchEmpty: { success: true, query: "reefer plug-in temperatures", apis: [] } satisfies ApiSearchResult,
  searchFailed: { success: false, query: "dock doors", apis: [], error: "no business system named 'yard' (registered: demo-wms, demo-oms)" } satisfies ApiSearchResult,

  listInput: { system: "demo-wms", operation: "listOrders", query: { status: "open", pageSize: 3 } } satisfies ApiCallInput,
  callSuccess: {
    success: true,
    system: "demo-wms",
    operation: "listOrders",
    method: "GET",
    path: "/v1/outbound/orders",
    status_code: 200,
    data: { data: [order(1), order(2), order(3)], totalCount: 40 },
    summary: "Total 40 records",
    message: "GET /v1/outbound/orders answered 200",
    issues: [],
    parameters: { pathParams: null, query: { status: "open", pageSize: 3 }, body: null },
    suggestions: [],
    truncated: false,
  } satisfies ApiCallResult,
  callTruncated: {
    success: true,
    system: "demo-wms",
    operation: "listOrders",
    method: "GET",
    path: "/v1/outbound/orders",
    status_code: 200,
    data: { data: [order(1), order(2)], totalCount: 120, note: "Showing 2 of 120 records; the user sees them all on the card" },
    summary: "Total 120 records",
    message: "GET /v1/outbound/orders answered 200",
    issues: [],
    parameters: { pathParams: null, query: { pageSize: 120 }, body: null },
    suggestions: [],
    truncated: true,
    cardOnly: { data: { data: Array.from({ length: 120 }, (_, i) => order(i + 1)), totalCount: 120 } },
  } satisfies ApiCallResult,
  callNoData: {
    success: true,
    system: "demo-wms",
    operation: "cancelOrder",
    method: "POST",
    path: "/v1/outbound/orders/ORD-00001234/cancel",
    status_code: 204,
    message: "POST /v1/outbound/orders/{orderId}/cancel answered 204",
    issues: [],
    suggestions: [],
    truncated: false,
  } satisfies ApiCallResult,

  cancelInput: {
    system: "demo-wms",
    operation: "POST /v1/outbound/orders/{orderId}/cancel",
    pathParams: { orderId: "ORD-00001234" },
    body: { reason: "Customer asked to cancel", notifyCustomer: true },
  } satisfies ApiCallInput,
  badInput: { system: "demo-wms", operation: "listOrders", query: { status: "opened", pageSize: "three" } } satisfies ApiCallInput,
  callFailure: {
    success: false,
    system: "demo-wms",
    operation: "listOrders",
    error: "The arguments do not fit GET /v1/outbound/orders (2 issues)",
    issues: [
      { path: "query.status", expected: "one of open, allocated, picking, shipped, cancelled", received: '"opened"', message: "not an allowed value" },
      { path: "query.pageSize", expected: "integer", received: '"three"', message: "wrong type" },
    ],
    parameters: { pathParams: null, query: { status: "opened", pageSize: "three" }, body: null },
    suggestions: [
      "Fix each parameter listed in issues: it says what was expected and what was received",
      "Put path parameters in pathParams, query parameters in query and the request body in body",
      "Use the operation's exact parameter names, as apiSearch lists them",
      "Leave out parameters the operation does not take",
    ],
    truncated: false,
  } satisfies ApiCallResult,
  callRefused: {
    success: false,
    system: "demo-wms",
    operation: "cancelOrder",
    method: "POST",
    path: "/v1/outbound/orders/ORD-00001234/cancel",
    status_code: 409,
    data: { error: { code: "conflict", message: "Order ORD-00001234 has shipped" } },
    error: "demo-wms answered 409 Conflict: Order ORD-00001234 has shipped",
    issues: [],
    parameters: { pathParams: { orderId: "ORD-00001234" }, query: null, body: { reason: "Customer asked to cancel" } },
    suggestions: [
      "Read the system's message in the error and correct the arguments it names",
      "Check required fields and their formats in the operation's schema",
      "Check the record's current state (an order already shipped cannot be cancelled)",
      "Ask the user for the missing or corrected values",
    ],
    truncated: false,
  } satisfies ApiCallResult,
};
