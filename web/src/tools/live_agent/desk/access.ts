import { selectCurrentTenant } from "../../../auth/roles";
import type { AuthState } from "../../../auth/store";

type Grants = Pick<AuthState, "tenants" | "tenantId">;

/** Whether the user takes the current tenant's queue: the `agent` role, granted on the users page. */
export const selectIsAgent = (s: Grants): boolean => selectCurrentTenant(s)?.roles?.includes("agent") ?? false;

/** Whether the desk has anything for the user: the queue for agents, the statistics for administrators. */
export const selectMayOpenDesk = (s: Grants): boolean => {
  const roles = selectCurrentTenant(s)?.roles ?? [];
  return roles.includes("agent") || roles.includes("admin");
};
