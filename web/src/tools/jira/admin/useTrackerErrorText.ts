import { useCallback } from "react";
import { ApiRequestError } from "../../../api/client";
import { useErrorText } from "../../../components/useErrorText";

/**
 * The app's error text, plus the server's own sentence when the Jira site could not be
 * reached or refused the credentials (a 502 `jira_failed` carrying Jira's reason, unlike
 * other 5xx answers).
 */
export function useTrackerErrorText(): (error: unknown, fallback: string) => string {
  const errorText = useErrorText();
  return useCallback(
    (error, fallback) => (error instanceof ApiRequestError && error.code === "jira_failed" && error.message ? error.message : errorText(error, fallback)),
    [errorText],
  );
}
