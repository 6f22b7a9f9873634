import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addSystem, listOperations, listSystems, reimportSystem, removeSystem, setSafeOperations, updateSystem } from "../api/systems";
import { useAuthStore } from "../../../auth/store";
import type { Reimport } from "../../../generated/Reimport";
import type { SystemInput } from "../../../generated/systems/SystemInput";

/** Keyed by tenant, like the members: an admin of two tenants never sees one's systems under the other. */
export const systemKeys = {
  systems: (tenantId: string | null) => ["admin", tenantId, "systems"] as const,
  operations: (tenantId: string | null, id: string) => ["admin", tenantId, "systems", id, "operations"] as const,
};

export function useSystems() {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: systemKeys.systems(tenantId),
    queryFn: ({ signal }) => listSystems(signal),
  });
}

/** A system's operations; only fetched while `id` is set (its operations are open). */
export function useOperations(id: string | null) {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: systemKeys.operations(tenantId, id ?? ""),
    queryFn: ({ signal }) => listOperations(id!, signal),
    enabled: id !== null,
  });
}

/** After a change the list is reloaded, and with it every system's operations (a re-import changes them). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const tenantId = useAuthStore((s) => s.tenantId);
  return () => void queryClient.invalidateQueries({ queryKey: systemKeys.systems(tenantId) });
}

export function useAddSystem() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: addSystem, onSuccess: refresh });
}

export function useUpdateSystem() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SystemInput }) => updateSystem(id, input),
    onSuccess: refresh,
  });
}

export function useRemoveSystem() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: removeSystem, onSuccess: refresh });
}

export function useReimportSystem() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Reimport }) => reimportSystem(id, body),
    onSuccess: refresh,
  });
}

export function useSetSafeOperations() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, keys }: { id: string; keys: string[] }) => setSafeOperations(id, { operations: keys }),
    onSuccess: refresh,
  });
}
