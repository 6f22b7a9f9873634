import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { onSessionEnded } from "../api/client";
import { AUTH_STORAGE_KEY, isSignedIn, useAuthStore } from "./store";

/**
 * Keeps this tab in step with the session: goes to /login when the session ends, and follows
 * sign-in, rotation and sign-out done in other tabs (they share localStorage).
 */
export function useSessionSync(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.clear();
        void navigate("/login", { replace: true });
      }),
    [navigate, queryClient],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
      const wasSignedIn = isSignedIn(useAuthStore.getState());
      void Promise.resolve(useAuthStore.persist.rehydrate()).then(() => {
        const state = useAuthStore.getState();
        if (wasSignedIn && !isSignedIn(state)) {
          // Signed out elsewhere: run the local end-of-session steps too.
          state.clear();
          queryClient.clear();
          void navigate("/login", { replace: true });
        }
      });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [navigate, queryClient]);
}
