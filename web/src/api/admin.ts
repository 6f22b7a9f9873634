import type { CreateMemberRequest } from "../generated/CreateMemberRequest";
import type { FacilityInfo } from "../generated/FacilityInfo";
import type { InvitationLink } from "../generated/InvitationLink";
import type { MemberInfo } from "../generated/MemberInfo";
import type { MemberList } from "../generated/MemberList";
import type { MemberStatus } from "../generated/MemberStatus";
import type { NewMemberResponse } from "../generated/NewMemberResponse";
import type { UpdateMemberRequest } from "../generated/UpdateMemberRequest";
import { api } from "./client";

/** User administration of the current tenant (admins only; others get 403). */
const member = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

export type MemberQuery = {
  search: string;
  /** Absent: every status. */
  status?: MemberStatus;
  limit: number;
  offset: number;
};

export function listMembers({ search, status, limit, offset }: MemberQuery, signal?: AbortSignal): Promise<MemberList> {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search.trim()) params.set("search", search.trim());
  if (status) params.set("status", status);
  return api.get<MemberList>(`/api/admin/users?${params}`, { signal });
}

export function listFacilities(signal?: AbortSignal): Promise<FacilityInfo[]> {
  return api.get<FacilityInfo[]>("/api/admin/facilities", { signal });
}

/** Adds a member: with a password they can sign in at once, without one the answer carries an invitation. */
export function addMember(body: CreateMemberRequest): Promise<NewMemberResponse> {
  return api.post<NewMemberResponse>("/api/admin/users", body);
}

export function updateMember(userId: string, body: UpdateMemberRequest): Promise<MemberInfo> {
  return api.patch<MemberInfo>(member(userId), body);
}

/** Takes the member out of this tenant (their account and chats stay). */
export function removeMember(userId: string): Promise<void> {
  return api.delete<void>(member(userId));
}

/** A fresh invitation link for an invited member; earlier links stop working. */
export function renewInvitation(userId: string): Promise<InvitationLink> {
  return api.post<InvitationLink>(`${member(userId)}/invitation`);
}
