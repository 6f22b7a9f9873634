import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageSwitcher } from "../components/LanguageSwitcher";
import { Logo } from "../components/Logo";
import { MarketingMessage } from "../components/MarketingMessage";

/** How long the landing view shows before the sign-in page follows by itself. */
export const LANDING_MS = 1500;

/**
 * What an anonymous visitor sees at the root: the pitch, then the sign-in page (spec 000
 * §2: "the landing view is shown first and then navigation to /login happens") — after
 * a moment, or at once with the Login button. Both replace the entry, so Back from the
 * sign-in page does not land here only to be sent forward again.
 */
export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate("/login", { replace: true }), LANDING_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="bg-route-grid flex min-h-dvh flex-col bg-navy-950">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        <Logo />
        <LanguageSwitcher tone="light" />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 focus:outline-none sm:px-6 lg:pt-14"
      >
        <MarketingMessage level={1} wide>
          <div className="mt-8 flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:gap-4">
            <button
              type="button"
              onClick={() => void navigate("/login", { replace: true })}
              className="rounded-lg bg-teal-400 px-6 py-3 text-base font-semibold text-navy-950 shadow-lg shadow-teal-500/20 transition hover:bg-teal-300"
            >
              {t("landing.login")}
            </button>
            <p className="text-sm text-navy-200">{t("landing.cta")}</p>
          </div>
        </MarketingMessage>
      </main>
    </div>
  );
}
