import type { CreateMemberRequest } from "../generated/CreateMemberRequest";
import type { FacilityInfo } from "../generated/FacilityInfo";
import type { MemberInfo } from "../generated/MemberInfo";
import type { UpdateMemberRequest } from "../generated/UpdateMemberRequest";
import { type Call, json } from "./fetchMock";

export const FACILITIES: FacilityInfo[] = [
  { id: "dc-ontario", name: "Ontario DC" },
  { id: "yard-fontana", name: "Fontana Yard" },
  { id: "xdock-savannah", name: "Savannah Cross-dock" },
];

export const INVITATION_EXPIRES = "2026-11-27T08:30:00Z";

/** A member as the server lists one. */
export function member(id: string, email: string, extra: Partial<MemberInfo> = {}): MemberInfo {
  return { id, email, firstName: null, userName: email.split("@")[0]!, roles: [], facilities: ["dc-ontario"], status: "active", joinedAt: "2026-01-05T09:00:00Z", ...extra };
}

type Options = { members: MemberInfo[]; facilities?: FacilityInfo[]; forbidden?: boolean };

/**
 * The user administration API in memory, for component tests: list (search, status,
 * paging), add (409 for a member already there), update (409 when the last admin would
 * go), remove, new invitation links. Returns undefined for other paths, so it can be a
 * `fakeServer` override.
 */
export function fakeAdminServer({ members, facilities = FACILITIES, forbidden = false }: Options) {
  const store = new Map(members.map((m) => [m.id, { ...m }]));
  let issued = 0;
  const link = () => ({ url: `/invite/token-${++issued}`, expiresAt: INVITATION_EXPIRES });
  const admins = () => [...store.values()].filter((m) => m.roles.includes("admin") && m.status === "active").length;

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    if (!url.pathname.startsWith("/api/admin/")) return undefined;
    if (forbidden) return json(403, { code: "forbidden", message: "Only administrators of this tenant can do this" });
    const id = /^\/api\/admin\/users\/([^/]+)/.exec(url.pathname)?.[1];
    if (url.pathname === "/api/admin/facilities") return json(200, facilities);
    if (url.pathname === "/api/admin/users" && call.method === "GET") {
      const search = url.searchParams.get("search")?.toLowerCase() ?? "";
      const status = url.searchParams.get("status");
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const matching = [...store.values()]
        .filter((m) => !status || m.status === status)
        .filter((m) => [m.email, m.userName, m.firstName ?? ""].some((v) => v.toLowerCase().includes(search)))
        .sort((a, b) => a.email.localeCompare(b.email));
      return json(200, { members: matching.slice(offset, offset + limit), total: matching.length });
    }
    if (url.pathname === "/api/admin/users" && call.method === "POST") {
      const body = call.body as CreateMemberRequest;
      if ([...store.values()].some((m) => m.email === body.email)) return json(409, { code: "conflict", message: "This email is already a member of this tenant" });
      if (body.password !== undefined && body.password.length < 8) return json(400, { code: "invalid_body", message: "password must be 8 to 1024 characters" });
      const added = member(`u-${store.size + 1}`, body.email, {
        firstName: body.firstName ?? null,
        roles: body.roles,
        facilities: body.facilities,
        status: body.password ? "active" : "invited",
      });
      store.set(added.id, added);
      return json(201, { member: added, ...(body.password ? {} : { invitation: link() }) });
    }
    const current = id ? store.get(id) : undefined;
    if (!id || !current) return json(404, { code: "not_found", message: "User not found" });
    if (url.pathname.endsWith("/invitation") && call.method === "POST") return json(200, link());
    if (call.method === "PATCH") {
      const changes = call.body as UpdateMemberRequest;
      const losesAdmin = current.roles.includes("admin") && (changes.status === "suspended" || (changes.roles && !changes.roles.includes("admin")));
      if (losesAdmin && admins() <= 1) return json(409, { code: "conflict", message: "The tenant must keep at least one active admin" });
      Object.assign(current, changes);
      return json(200, current);
    }
    if (call.method === "DELETE") {
      store.delete(id);
      return new Response(null, { status: 204 });
    }
    return json(200, current);
  };
  return { handler, store };
}
