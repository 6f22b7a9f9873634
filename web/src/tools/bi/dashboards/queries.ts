import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deleteDashboard, listDashboards, renewDashboardLink, revokeDashboardLink } from "../api/dashboards";
import { useAuthStore } from "../../../auth/store";

/** Keyed by tenant: the dashboards read that tenant's data. */
export const dashboardKeys = {
  list: (tenantId: string | null) => ["dashboards", tenantId] as const,
};

/** The user's dashboards, newest first. */
export function useDashboards() {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: dashboardKeys.list(tenantId),
    queryFn: ({ signal }) => listDashboards(signal),
    select: (list) => [...list.dashboards].sort((a, b) => b.createdAt - a.createdAt),
  });
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const tenantId = useAuthStore((s) => s.tenantId);
  return () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.list(tenantId) });
}

export function useRenewLink() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: renewDashboardLink, onSuccess: refresh });
}

export function useRevokeLink() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: revokeDashboardLink, onSuccess: refresh });
}

export function useDeleteDashboard() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: deleteDashboard, onSuccess: refresh });
}
