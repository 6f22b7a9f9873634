import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageSwitcher } from "../components/LanguageSwitcher";
import { Logo } from "../components/Logo";
import { MarketingMessage } from "../components/MarketingMessage";

/** What an anonymous visitor sees at the root: the pitch and a way to sign in. */
export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
              onClick={() => void navigate("/login")}
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
