import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MemberQuery, addMember, listFacilities, listMembers, removeMember, renewInvitation, updateMember } from "../../api/admin";
import { useAuthStore } from "../../auth/store";
import { meQueryKey } from "../../auth/useProfileSync";
import type { UpdateMemberRequest } from "../../generated/UpdateMemberRequest";

/** Members shown per page. */
export const MEMBERS_PAGE_SIZE = 20;

/** Keyed by tenant: an admin of two tenants sees each one's members, never the other's. */
export const adminKeys = {
  members: (tenantId: string | null) => ["admin", tenantId, "members"] as const,
  memberPage: (tenantId: string | null, query: MemberQuery) => ["admin", tenantId, "members", query] as const,
  facilities: (tenantId: string | null) => ["admin", tenantId, "facilities"] as const,
};

/** One page of the tenant's members; the previous page stays on screen while the next loads. */
export function useMemberPage(query: MemberQuery) {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: adminKeys.memberPage(tenantId, query),
    queryFn: ({ signal }) => listMembers(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The tenant's facilities, to grant and to name the granted ones. */
export function useFacilities() {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: adminKeys.facilities(tenantId),
    queryFn: ({ signal }) => listFacilities(signal),
    staleTime: 5 * 60_000,
  });
}

/** After a change the list is reloaded; so is the profile, in case the admin changed their own grants. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const tenantId = useAuthStore((s) => s.tenantId);
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.members(tenantId) });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useAddMember() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: addMember, onSuccess: refresh });
}

export function useUpdateMember() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateMemberRequest }) => updateMember(id, changes),
    onSuccess: refresh,
  });
}

export function useRemoveMember() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: removeMember, onSuccess: refresh });
}

export function useRenewInvitation() {
  return useMutation({ mutationFn: renewInvitation });
}
