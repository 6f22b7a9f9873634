import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useRefreshScheduler } from "../auth/useRefreshScheduler";
import { useSessionSync } from "../auth/useSessionSync";

/** Wraps every route: keeps the session fresh and in step across tabs, and offers a skip link. */
export function RootLayout() {
  const { t } = useTranslation();
  useSessionSync();
  useRefreshScheduler();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-navy-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("app.skipToContent")}
      </a>
      <Outlet />
    </>
  );
}
