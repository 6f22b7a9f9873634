import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError, NETWORK_ERROR } from "../api/client";

/**
 * What to tell people about a failed call: the server's own sentence for a request it
 * refused (4xx: it names the field or the rule), a hint when it could not be reached,
 * else `fallback`.
 */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (error, fallback) => {
      if (error instanceof ApiRequestError) {
        if (error.code === NETWORK_ERROR) return t("login.errorNetwork");
        if (error.status >= 400 && error.status < 500 && error.message) return error.message;
      }
      return fallback;
    },
    [t],
  );
}
