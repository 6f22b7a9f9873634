import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { LoginResponse } from "../generated/LoginResponse";
import type { MeResponse } from "../generated/MeResponse";
import type { TenantInfo } from "../generated/TenantInfo";
import type { TokenPair } from "../generated/TokenPair";
import type { UserInfo } from "../generated/UserInfo";
import { clockSkewMs } from "./jwt";

export const AUTH_STORAGE_KEY = "waybill.auth";

type Session = {
  accessToken: string | null;
  refreshToken: string | null;
  /** Browser clock minus server clock, estimated from the last token's `iat`. */
  clockSkewMs: number;
  user: UserInfo | null;
  tenants: TenantInfo[];
  tenantId: string | null;
  facilityId: string | null;
};

type Actions = {
  signIn: (response: LoginResponse) => void;
  setTokens: (pair: TokenPair) => void;
  setProfile: (me: MeResponse) => void;
  selectTenant: (tenantId: string) => void;
  selectFacility: (facilityId: string) => void;
  clear: () => void;
};

export type AuthState = Session & Actions;

const signedOut: Session = {
  accessToken: null,
  refreshToken: null,
  clockSkewMs: 0,
  user: null,
  tenants: [],
  tenantId: null,
  facilityId: null,
};

/**
 * Keeps the requested tenant and facility when the user still holds them;
 * otherwise falls back to the first tenant and its first facility.
 */
export function resolveSelection(
  tenants: readonly TenantInfo[],
  tenantId: string | null,
  facilityId: string | null,
): Pick<Session, "tenantId" | "facilityId"> {
  const tenant = tenants.find((t) => t.id === tenantId) ?? tenants[0];
  if (!tenant) return { tenantId: null, facilityId: null };
  const facility = tenant.facilities.find((f) => f.id === facilityId) ?? tenant.facilities[0];
  return { tenantId: tenant.id, facilityId: facility?.id ?? null };
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: ({ accessToken, refreshToken, user, tenants }) =>
        set({
          accessToken,
          refreshToken,
          clockSkewMs: clockSkewMs(accessToken, Date.now()),
          user,
          tenants,
          ...resolveSelection(tenants, null, null),
        }),
      setTokens: ({ accessToken, refreshToken }) =>
        set({ accessToken, refreshToken, clockSkewMs: clockSkewMs(accessToken, Date.now()) }),
      setProfile: ({ user, tenants }) =>
        set((s) => ({ user, tenants, ...resolveSelection(tenants, s.tenantId, s.facilityId) })),
      selectTenant: (tenantId) => set((s) => resolveSelection(s.tenants, tenantId, null)),
      selectFacility: (facilityId) =>
        set((s) => resolveSelection(s.tenants, s.tenantId, facilityId)),
      clear: () => set(signedOut),
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ accessToken, refreshToken, clockSkewMs, user, tenants, tenantId, facilityId }) => ({
        accessToken,
        refreshToken,
        clockSkewMs,
        user,
        tenants,
        tenantId,
        facilityId,
      }),
    },
  ),
);

export function isSignedIn(state: Pick<Session, "refreshToken" | "user">): boolean {
  return state.refreshToken !== null && state.user !== null;
}

export const selectIsSignedIn = (s: AuthState) => isSignedIn(s);
