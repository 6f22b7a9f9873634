import { selectCurrentTenant } from "../../../auth/roles";
import { useAuthStore } from "../../../auth/store";

/** A facility's name in the current tenant (its id when unknown); null for none. */
export function useFacilityName(): (facilityId: string | null) => string | null {
  const facilities = useAuthStore((s) => selectCurrentTenant(s)?.facilities);
  return (facilityId) => (facilityId ? (facilities?.find((f) => f.id === facilityId)?.name ?? facilityId) : null);
}
