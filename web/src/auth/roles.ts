import type { Role } from "../generated/Role";
import type { TenantInfo } from "../generated/TenantInfo";
import type { AuthState } from "./store";

/** The tenant every request is made for, as the session knows it. */
export const selectCurrentTenant = (s: Pick<AuthState, "tenants" | "tenantId">): TenantInfo | undefined =>
  s.tenants.find((t) => t.id === s.tenantId);

/**
 * Whether the user administers the current tenant. Sessions stored before roles were
 * sent have none: they count as not admin until the profile is reloaded.
 */
export const selectIsAdmin = (s: Pick<AuthState, "tenants" | "tenantId">): boolean =>
  selectCurrentTenant(s)?.roles?.includes("admin") ?? false;

/**
 * Who a page or a user-menu entry is for: every member, the tenant's agents, or its
 * administrators. Administrators reach the agents' pages too (the desk shows them its
 * figures).
 */
export type PageRole = "member" | Role;

const NO_ROLES: readonly Role[] = [];

/** The user's roles in the current tenant (none for sessions stored before roles were sent). */
export const selectRoles = (s: Pick<AuthState, "tenants" | "tenantId">): readonly Role[] => selectCurrentTenant(s)?.roles ?? NO_ROLES;

/** Whether `roles` reach what `needed` asks for. */
export function hasRole(roles: readonly Role[], needed: PageRole): boolean {
  if (needed === "member") return true;
  return roles.includes(needed) || (needed === "agent" && roles.includes("admin"));
}
