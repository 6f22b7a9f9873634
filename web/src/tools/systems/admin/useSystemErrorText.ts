import { useCallback } from "react";
import { ApiRequestError } from "../../../api/client";
import { useErrorText } from "../../../components/useErrorText";

/**
 * The app's error text, plus the server's own sentence when the system or its document
 * could not be reached (a 502 whose message names the host and what went wrong, unlike
 * other 5xx answers).
 */
export function useSystemErrorText(): (error: unknown, fallback: string) => string {
  const errorText = useErrorText();
  return useCallback(
    (error, fallback) =>
      error instanceof ApiRequestError && error.code === "system_unreachable" && error.message ? error.message : errorText(error, fallback),
    [errorText],
  );
}
