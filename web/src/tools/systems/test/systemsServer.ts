import type { ConnectionTest } from "../../../generated/systems/ConnectionTest";
import type { OperationInfo } from "../../../generated/systems/OperationInfo";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import type { SystemInput } from "../../../generated/systems/SystemInput";
import { type Call, json } from "../../../test/fetchMock";

export const UPDATED_AT = "2026-11-20T08:30:00Z";

/** A system as the server lists one. */
export function system(id: string, name: string, extra: Partial<SystemInfo> = {}): SystemInfo {
  return {
    id,
    name,
    kind: "wms",
    baseUrl: `https://${id}.example.com/api`,
    auth: { type: "bearer" },
    hasSecret: true,
    specUrl: `https://${id}.example.com/openapi.json`,
    title: `${name} API`,
    version: "1.0.0",
    operationCount: 3,
    safeOperations: [],
    builtIn: false,
    updatedAt: UPDATED_AT,
    ...extra,
  };
}

/** The operations every fake system has unless told otherwise: one read, two writes. */
export const OPERATIONS: OperationInfo[] = [
  { key: "listOrders", method: "GET", path: "/v1/orders", summary: "List orders", writes: false, safe: false },
  { key: "createOrder", method: "POST", path: "/v1/orders", summary: "Create an order", writes: true, safe: false },
  { key: "cancelOrder", method: "DELETE", path: "/v1/orders/{orderNo}", summary: "Cancel an order", writes: true, safe: false },
];

const refused = (status: number, code: string, message: string) => json(status, { code, message });

type Options = {
  systems: SystemInfo[];
  operations?: Record<string, OperationInfo[]>;
  /** What "Test connection" answers, by system id (default: it works). */
  tests?: Record<string, ConnectionTest>;
  forbidden?: boolean;
};

/**
 * The business-systems admin API in memory, for component tests. Refuses as the server
 * does: a base URL on a loopback or private address (400 system_invalid), a document
 * that is not OpenAPI (422 openapi_rejected), a name taken (409), a change to a built-in
 * system (409 system_built_in), a document URL on an unreachable host (502). Returns
 * undefined for other paths, so it can be a `fakeServer` override.
 */
export function fakeSystemsServer({ systems, operations = {}, tests = {}, forbidden = false }: Options) {
  const store = new Map(systems.map((s) => [s.id, { ...s }]));
  const opsOf = (id: string) => (operations[id] ?? OPERATIONS).map((op) => ({ ...op, safe: store.get(id)?.safeOperations.includes(op.key) ?? false }));
  let added = 0;

  /** A refusal of the input, as the server's checks word it, or null. */
  const check = (input: SystemInput, id?: string): Response | null => {
    if ([...store.values()].some((s) => s.name === input.name && s.id !== id)) {
      return refused(409, "system_name_taken", `A business system named '${input.name}' already exists`);
    }
    if (/\/\/(127\.|localhost|10\.|192\.168\.)/.test(input.baseUrl)) {
      return refused(400, "system_invalid", `The base URL is refused: ${new URL(input.baseUrl).hostname} is a loopback or private address`);
    }
    if (input.document !== undefined && !/openapi/.test(input.document)) {
      return refused(422, "openapi_rejected", "The OpenAPI document was rejected: it is neither OpenAPI 3.0 nor 3.1");
    }
    if (input.specUrl?.includes("unreachable")) {
      return refused(502, "system_unreachable", `${new URL(input.specUrl).host} could not be reached: connection refused`);
    }
    return null;
  };

  /** The title and version of an uploaded JSON document. */
  const described = (document: string | undefined) => {
    try {
      const info = (JSON.parse(document ?? "") as { info?: { title?: string; version?: string } }).info;
      return { title: info?.title ?? "Untitled", version: info?.version ?? "" };
    } catch {
      return { title: "Fetched API", version: "1.0.0" };
    }
  };

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    if (!url.pathname.startsWith("/api/admin/systems")) return undefined;
    if (forbidden) return refused(403, "forbidden", "Only administrators of this tenant can do this");
    if (url.pathname === "/api/admin/systems" && call.method === "GET") return json(200, { systems: [...store.values()] });
    if (url.pathname === "/api/admin/systems" && call.method === "POST") {
      const input = call.body as SystemInput;
      const refusal = check(input);
      if (refusal) return refusal;
      const created = system(`new-${++added}`, input.name, {
        kind: input.kind,
        baseUrl: input.baseUrl,
        auth: input.auth,
        hasSecret: input.auth.type !== "none" && Boolean(input.secret),
        specUrl: input.specUrl ?? null,
        ...(input.document === undefined ? {} : described(input.document)),
        updatedAt: "2026-11-21T10:00:00Z",
      });
      store.set(created.id, created);
      // As the server does for a host whose name does not resolve: saved, the host named once.
      const host = new URL(input.baseUrl).hostname;
      return json(201, host.endsWith(".invalid") ? { ...created, unreachableHost: host } : created);
    }

    const [, id, action] = /^\/api\/admin\/systems\/([^/]+)(?:\/(.+))?$/.exec(url.pathname) ?? [];
    const current = id ? store.get(decodeURIComponent(id)) : undefined;
    if (!current) return refused(404, "system_not_found", "No such business system");

    if (!action && call.method === "PUT") {
      if (current.builtIn) return refused(409, "system_built_in", "This system was registered by Waybill and cannot be changed or removed");
      const input = call.body as SystemInput;
      const refusal = check(input, current.id);
      if (refusal) return refusal;
      const keepsSecret = input.auth.type === current.auth.type && current.hasSecret;
      Object.assign(current, {
        name: input.name,
        kind: input.kind,
        baseUrl: input.baseUrl,
        auth: input.auth,
        hasSecret: input.auth.type !== "none" && (Boolean(input.secret) || keepsSecret),
        specUrl: input.specUrl ?? null,
      });
      return json(200, current);
    }
    if (!action && call.method === "DELETE") {
      if (current.builtIn) return refused(409, "system_built_in", "This system was registered by Waybill and cannot be changed or removed");
      store.delete(current.id);
      return new Response(null, { status: 204 });
    }
    if (action === "test" && call.method === "POST") {
      return json(200, tests[current.id] ?? { ok: true, status: 200, message: `GET ${current.baseUrl}/v1/orders answered 200 OK`, elapsedMs: 84 });
    }
    if (action === "import" && call.method === "POST") {
      const { document } = call.body as { document?: string };
      if (document !== undefined && !/openapi/.test(document)) {
        return refused(422, "openapi_rejected", "The OpenAPI document was rejected: it is neither OpenAPI 3.0 nor 3.1");
      }
      if (document === undefined && !current.specUrl) return refused(400, "system_invalid", "Give the OpenAPI document by URL or upload it");
      Object.assign(current, document === undefined ? {} : described(document), { updatedAt: "2026-11-21T11:00:00Z" });
      return json(200, current);
    }
    if (action === "operations" && call.method === "GET") return json(200, { operations: opsOf(current.id) });
    if (action === "safe-operations" && call.method === "PUT") {
      current.safeOperations = [...(call.body as { operations: string[] }).operations].sort();
      return json(200, current);
    }
    return refused(405, "method_not_allowed", "Method not allowed");
  };
  return { handler, store };
}
