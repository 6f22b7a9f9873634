import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuthStore } from "../auth/store";
import { LanguageSwitcher } from "../components/LanguageSwitcher";
import { LoginForm } from "../components/LoginForm";
import { Logo } from "../components/Logo";
import { MarketingMessage } from "../components/MarketingMessage";

/** The marketing message beside the sign-in form. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useAuthStore((s) => s.signIn);

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
      <aside className="bg-route-grid order-last bg-navy-950 px-6 py-10 sm:px-10 lg:order-first lg:flex lg:flex-col lg:px-14 lg:py-12">
        <div className="hidden lg:block">
          <Logo />
        </div>
        <div className="lg:my-auto lg:pt-10">
          <MarketingMessage level={2} />
        </div>
      </aside>
      <div className="flex flex-col bg-white">
        <div className="flex items-center justify-between gap-4 px-6 py-5 sm:px-10">
          <span className="rounded-xl bg-navy-950 px-3 py-1.5 lg:invisible">
            <Logo />
          </span>
          <LanguageSwitcher />
        </div>
        <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-6 pt-4 pb-12 focus:outline-none sm:px-10">
          <div className="w-full max-w-sm">
            <h1 className="text-2xl font-semibold tracking-tight text-navy-950">{t("login.title")}</h1>
            <p className="mt-2 text-sm text-slate-600">{t("login.subtitle")}</p>
            <div className="mt-8">
              <LoginForm
                onSignedIn={(response) => {
                  signIn(response);
                  void navigate("/", { replace: true });
                }}
              />
            </div>
          </div>
        </main>
      </div>
    </div>
  );
}
