import { useAuthStore } from "../auth/store";
import type { LoginRequest } from "../generated/LoginRequest";
import type { LoginResponse } from "../generated/LoginResponse";
import type { LogoutRequest } from "../generated/LogoutRequest";
import type { MeResponse } from "../generated/MeResponse";
import { api, endSession, freshAccessToken } from "./client";

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>("/api/auth/login", credentials, { anonymous: true });
}

export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return api.get<MeResponse>("/api/auth/me", { signal });
}

/**
 * Revokes the session on the server (best effort) and clears it locally. The token is
 * refreshed first if it has expired, so the server can still authenticate the call.
 */
export async function logout(): Promise<void> {
  try {
    await freshAccessToken();
    const body: LogoutRequest = { refreshToken: useAuthStore.getState().refreshToken };
    await api.post<void>("/api/auth/logout", body, { retryOnUnauthorized: false });
  } catch {
    // The local session ends regardless; the server expires what it could not revoke.
  } finally {
    endSession();
  }
}
