import { useCallback, useState } from "react";
import { logout } from "../api/auth";

/** Logs out: revokes the session on the server (best effort), clears it, and goes to /login. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } finally {
      setPending(false);
    }
  }, []);
  return { logout: run, pending };
}
