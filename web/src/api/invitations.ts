import type { AcceptInvitationRequest } from "../generated/AcceptInvitationRequest";
import type { InvitationInfo } from "../generated/InvitationInfo";
import type { LoginResponse } from "../generated/LoginResponse";
import { api } from "./client";

/** Invitation links: public, no session (the token is the proof). */
const path = (token: string) => `/api/auth/invitations/${encodeURIComponent(token)}`;

export function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  return api.get<InvitationInfo>(path(token), { signal, anonymous: true });
}

/** Sets the invited account's password and signs in, as `POST /api/auth/login` does. */
export function acceptInvitation(token: string, body: AcceptInvitationRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>(path(token), body, { anonymous: true });
}
