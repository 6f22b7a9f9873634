import { useEffect } from "react";
import { refreshSession } from "../api/client";
import { scheduleTokenRefresh } from "./jwt";
import { useAuthStore } from "./store";

/** Refreshes the access token shortly before it expires, for as long as there is a session. */
export function useRefreshScheduler(): void {
  const accessToken = useAuthStore((s) => s.accessToken);
  const skew = useAuthStore((s) => s.clockSkewMs);
  useEffect(() => {
    if (!accessToken) return;
    return scheduleTokenRefresh(accessToken, skew, () => {
      // A failure either ended the session (its listeners navigate) or was transient:
      // the next API call retries the refresh.
      refreshSession().catch(() => {});
    });
  }, [accessToken, skew]);
}
