import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addCube, cubeFile, listCubes, removeCube } from "../api/cubes";
import { useAuthStore } from "../../../auth/store";

/** Keyed by tenant, like the systems: an admin of two tenants never sees one's cubes under the other. */
export const cubeKeys = {
  cubes: (tenantId: string | null) => ["admin", tenantId, "cubes"] as const,
  file: (tenantId: string | null, name: string) => ["admin", tenantId, "cubes", name, "file"] as const,
};

export function useCubes() {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: cubeKeys.cubes(tenantId),
    queryFn: ({ signal }) => listCubes(signal),
  });
}

/** A cube's YAML; only fetched while `name` is set (its file is open). */
export function useCubeFile(name: string | null) {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: cubeKeys.file(tenantId, name ?? ""),
    queryFn: ({ signal }) => cubeFile(name!, signal),
    enabled: name !== null,
  });
}

/** After a change the list is reloaded, and with it every open file (a replaced cube's changed). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const tenantId = useAuthStore((s) => s.tenantId);
  return () => void queryClient.invalidateQueries({ queryKey: cubeKeys.cubes(tenantId) });
}

/** Checks a cube file, or stores it: only a stored one changes the list. */
export function useUploadCube() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: addCube,
    onSuccess: (result) => {
      if (result.saved) refresh();
    },
  });
}

export function useRemoveCube() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: removeCube, onSuccess: refresh });
}
