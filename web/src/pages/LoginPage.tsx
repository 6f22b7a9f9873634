import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionEndNotice } from "../auth/sessionEnd";
import { useAuthStore } from "../auth/store";
import { loadChatPage } from "../chat/preload";
import { AuthLayout } from "../components/AuthLayout";
import { LoginForm } from "../components/LoginForm";
import { AlertIcon } from "../components/icons";

/** Why the last session ended, when the server said (a suspension in the tenant). */
function SessionEndedNotice() {
  const { t } = useTranslation();
  const notice = useSessionEndNotice((s) => s.notice);
  if (!notice) return null;
  return (
    <p role="alert" className="mt-6 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-testid="session-ended">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{notice.tenantName ? t("login.accountSuspended", { tenant: notice.tenantName }) : t("login.accountSuspendedHere")}</span>
    </p>
  );
}

/** The marketing message beside the sign-in form. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useAuthStore((s) => s.signIn);
  const clearNotice = useSessionEndNotice((s) => s.clear);

  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold tracking-tight text-navy-950">{t("login.title")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("login.subtitle")}</p>
      <SessionEndedNotice />
      <div className="mt-8">
        <LoginForm
          // The chat's code loads while the password is checked, not after: the chat then
          // follows the sign-in at once instead of after a loading screen.
          onSubmit={() => void loadChatPage()}
          onSignedIn={(response) => {
            clearNotice();
            signIn(response);
            void navigate("/", { replace: true });
          }}
        />
      </div>
    </AuthLayout>
  );
}
