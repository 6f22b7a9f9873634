import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiRequestError } from "../api/client";
import { fetchInvitation } from "../api/invitations";
import { useSessionEndNotice } from "../auth/sessionEnd";
import { useAuthStore } from "../auth/store";
import { AuthLayout } from "../components/AuthLayout";
import { Spinner } from "../components/icons";
import { buttonClass } from "../components/ui/Dialog";
import { FormAlert } from "../components/ui/FormAlert";
import { formatDateTime } from "../i18n/format";
import { AcceptInvitationForm } from "../invite/AcceptInvitationForm";
import { InvalidInvitation } from "../invite/InvalidInvitation";

/** The server refuses the token (unknown, used, replaced, expired): the link is no good. */
const isGone = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/**
 * `/invite/:token`, public: whom the link invites to which organisation, and a form to
 * choose a password. Accepting signs in as the login form does and opens the chat.
 */
export function InvitePage() {
  const { t, i18n } = useTranslation();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const signIn = useAuthStore((s) => s.signIn);
  const clearNotice = useSessionEndNotice((s) => s.clear);
  const [usedUp, setUsedUp] = useState(false);
  const invitation = useQuery({
    queryKey: ["invitation", token],
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    staleTime: Infinity,
  });

  let content;
  if (usedUp || isGone(invitation.error)) {
    content = <InvalidInvitation />;
  } else if (invitation.data) {
    const info = invitation.data;
    content = (
      <>
        <h1 className="text-2xl font-semibold tracking-tight text-navy-950">{t("invite.title", { tenant: info.tenantName })}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("invite.subtitle", { email: info.email })}</p>
        <p className="mt-1 text-xs text-slate-500">{t("invite.expires", { date: formatDateTime(info.expiresAt, i18n.language) })}</p>
        <div className="mt-8">
          <AcceptInvitationForm
            token={token}
            invitation={info}
            onInvalid={() => setUsedUp(true)}
            onSignedIn={(response) => {
              clearNotice();
              signIn(response);
              void navigate("/", { replace: true });
            }}
          />
        </div>
      </>
    );
  } else if (invitation.isError) {
    content = (
      <div className="space-y-4">
        <FormAlert>{t("invite.loadFailed")}</FormAlert>
        <button type="button" className={buttonClass.secondary} onClick={() => void invitation.refetch()}>
          {t("invite.retry")}
        </button>
      </div>
    );
  } else {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" />
        {t("invite.loading")}
      </p>
    );
  }

  return <AuthLayout>{content}</AuthLayout>;
}
