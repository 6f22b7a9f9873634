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
