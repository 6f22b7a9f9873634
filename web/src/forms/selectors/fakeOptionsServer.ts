import type { OptionItem } from "../../generated/options/OptionItem";
import type { OptionsPage } from "../../generated/options/OptionsPage";
import { type Call, json } from "../../test/fetchMock";

const PAGE_SIZE = 20;

const pad = (n: number) => String(n).padStart(2, "0");

/** 45 customers (three pages), each with a city as its description. */
export const CUSTOMERS: OptionItem[] = Array.from({ length: 45 }, (_, i) => ({
  value: `c${pad(i + 1)}`,
  label: `Customer ${pad(i + 1)}`,
  description: ["Chicago", "Denver", "Austin"][i % 3],
  data: { id: `c${pad(i + 1)}`, code: `CUST${pad(i + 1)}` },
}));

export const CARRIERS: OptionItem[] = [
  { value: "ups", label: "UPS", description: "United Parcel Service" },
  { value: "fedex", label: "FedEx" },
];

/** Delivery services by carrier id: what `dependsOn` selects. */
export const SERVICES: Record<string, OptionItem[]> = {
  ups: [
    { value: "ups-ground", label: "UPS Ground", description: "1–5 business days" },
    { value: "ups-2day", label: "UPS 2nd Day Air" },
    { value: "ups-next", label: "UPS Next Day Air" },
  ],
  fedex: [
    { value: "fx-ground", label: "FedEx Ground" },
    { value: "fx-overnight", label: "FedEx Priority Overnight" },
  ],
};

export const ACCESSORIALS: OptionItem[] = [
  { value: "liftgate", label: "Liftgate", description: "Delivery with a liftgate truck" },
  { value: "inside", label: "Inside delivery" },
  { value: "residential", label: "Residential delivery" },
  { value: "appointment", label: "Appointment" },
];

type Options = {
  /** Options by kind, replacing the defaults above (deliveryServiceSelector reads SERVICES by `dependsOn`). */
  lists?: Partial<Record<string, OptionItem[]>>;
  /** Answers this instead of the options, when it returns a response: to fail one request or every one. */
  fail?: (request: { kind: string; q: string; dependsOn: string | null; page: number }) => Response | undefined;
};

/**
 * `GET /api/options/{kind}` in memory, for component tests: 20 options a page, `q`
 * matching the label or description (any case), `dependsOn` choosing the delivery
 * services of a carrier, an unknown kind answered 404 as the server does. Returns
 * undefined for other paths, so it can sit beside other fakes.
 */
export function fakeOptionsServer({ lists = {}, fail }: Options = {}) {
  const listOf = (kind: string, dependsOn: string | null): OptionItem[] | undefined => {
    if (lists[kind]) return lists[kind];
    switch (kind) {
      case "customerSelector":
        return CUSTOMERS;
      case "carrierSelector":
        return CARRIERS;
      case "deliveryServiceSelector":
        return dependsOn ? (SERVICES[dependsOn] ?? []) : [];
      case "accessorialMultipleSelector":
        return ACCESSORIALS;
      default:
        return undefined;
    }
  };

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    const [, kind] = /^\/api\/options\/([^/]+)$/.exec(url.pathname) ?? [];
    if (!kind || call.method !== "GET") return undefined;
    const q = url.searchParams.get("q") ?? "";
    const dependsOn = url.searchParams.get("dependsOn");
    const page = Number(url.searchParams.get("page") ?? "1");
    const failure = fail?.({ kind, q, dependsOn, page });
    if (failure) return failure;
    const all = listOf(decodeURIComponent(kind), dependsOn);
    if (!all) return json(404, { code: "not_found", message: `No selector named ${kind}` });
    const needle = q.toLowerCase();
    const matches = all.filter((o) => !needle || o.label.toLowerCase().includes(needle) || (o.description ?? "").toLowerCase().includes(needle));
    const body: OptionsPage = {
      options: matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      page,
      hasMore: matches.length > page * PAGE_SIZE,
    };
    return json(200, body);
  };
  return { handler };
}

/** The options requests among `calls`, as the query each one sent. */
export function optionRequests(calls: Call[]) {
  return calls
    .map((call) => new URL(call.path, "http://waybill.test"))
    .filter((url) => url.pathname.startsWith("/api/options/"))
    .map((url) => ({
      kind: url.pathname.slice("/api/options/".length),
      q: url.searchParams.get("q"),
      dependsOn: url.searchParams.get("dependsOn"),
      page: url.searchParams.get("page"),
    }));
}
