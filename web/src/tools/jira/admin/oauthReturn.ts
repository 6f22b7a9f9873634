import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/**
 * Why signing in with Atlassian connected nothing, as the server sends the browser back
 * (`/admin/tracker?jira=error&reason=…`); an unknown reason reads as `failed`.
 */
export const OAUTH_REASONS = ["denied", "state", "expired", "browser", "forbidden", "token", "site", "unavailable", "failed"] as const;
export type OAuthReason = (typeof OAUTH_REASONS)[number];

export type OAuthReturn = { outcome: "connected" } | { outcome: "error"; reason: OAuthReason };

/** What the address says about a sign-in the browser is back from; null when it is back from none. */
export function oauthReturnOf(params: URLSearchParams): OAuthReturn | null {
  const outcome = params.get("jira");
  if (outcome === "connected") return { outcome };
  if (outcome !== "error") return null;
  const reason = params.get("reason");
  return { outcome, reason: OAUTH_REASONS.find((r) => r === reason) ?? "failed" };
}

/** The browser leaves Waybill for Atlassian's consent page (a seam for tests). */
export const browser = {
  open(url: string) {
    window.location.assign(url);
  },
};

/**
 * The sign-in the page was opened back from, read once; the address then loses its
 * `jira` and `reason` so a reload or a shared link does not say it again.
 */
export function useOAuthReturn(): OAuthReturn | null {
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => oauthReturnOf(params));
  useEffect(() => {
    if (!params.has("jira")) return;
    setParams(
      (next) => {
        next.delete("jira");
        next.delete("reason");
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return returned;
}
