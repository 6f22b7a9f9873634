import { selectCurrentTenant } from "../../../auth/roles";
import type { AuthState } from "../../../auth/store";

/** Whether the user takes the current tenant's queue: the `agent` role, granted on the users page. */
export const selectIsAgent = (s: Pick<AuthState, "tenants" | "tenantId">): boolean => selectCurrentTenant(s)?.roles?.includes("agent") ?? false;
