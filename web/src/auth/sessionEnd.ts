import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** Why the server ended the session, when the sign-in page should say so. */
export type SessionEndNotice = { kind: "accountSuspended"; tenantName: string | null };

type State = {
  notice: SessionEndNotice | null;
  show: (notice: SessionEndNotice) => void;
  clear: () => void;
};

/**
 * Kept for this tab until the next sign-in (sessionStorage), so the sign-in page still says
 * why after a reload: the session may have ended in the background before it.
 */
export const useSessionEndNotice = create<State>()(
  persist(
    (set) => ({
      notice: null,
      show: (notice) => set({ notice }),
      clear: () => set({ notice: null }),
    }),
    {
      name: "waybill.sessionEnd",
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ notice }) => ({ notice }),
    },
  ),
);
