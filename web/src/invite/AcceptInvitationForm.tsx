import { type FormEvent, useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { acceptInvitation } from "../api/invitations";
import { ApiRequestError } from "../api/client";
import { FormAlert } from "../components/ui/FormAlert";
import { checkboxClass, fieldErrorClass, hintClass, inputClass, labelClass } from "../components/ui/fields";
import { useErrorText } from "../components/useErrorText";
import type { InvitationInfo } from "../generated/InvitationInfo";
import type { LoginResponse } from "../generated/LoginResponse";

/** The server's rule, counted in characters as it counts them. */
const MIN_PASSWORD_CHARS = 8;

type Props = {
  token: string;
  invitation: InvitationInfo;
  onSignedIn: (response: LoginResponse) => void;
  /** The link stopped working while the form was open (used elsewhere, replaced, expired). */
  onInvalid: () => void;
};

type Problems = { password?: string; confirm?: string };

/** First name (prefilled), a password typed twice with a show toggle; accepting signs in. */
export function AcceptInvitationForm({ token, invitation, onSignedIn, onInvalid }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = { firstName: useId(), password: useId(), confirm: useId(), hint: useId(), passwordError: useId(), confirmError: useId() };
  const [firstName, setFirstName] = useState(invitation.firstName ?? "");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [visible, setVisible] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const mutation = useMutation({
    mutationFn: () => acceptInvitation(token, { password, ...(firstName.trim() ? { firstName: firstName.trim() } : {}) }),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 404) onInvalid();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found: Problems = {};
    if (Array.from(password).length < MIN_PASSWORD_CHARS) found.password = t("invite.tooShort");
    else if (password !== confirm) found.confirm = t("invite.mismatch");
    setProblems(found);
    // Take the reader to the field to fix, where its message is read out.
    if (found.password) document.getElementById(ids.password)?.focus();
    else if (found.confirm) document.getElementById(ids.confirm)?.focus();
    else mutation.mutate();
  };

  const pending = mutation.isPending;
  const type = visible ? "text" : "password";
  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <div>
        <label htmlFor={ids.firstName} className={labelClass}>
          {t("invite.firstName")}
        </label>
        <input id={ids.firstName} autoComplete="given-name" maxLength={100} value={firstName} onChange={(e) => setFirstName(e.target.value)} disabled={pending} className={inputClass} />
      </div>
      <div>
        <label htmlFor={ids.password} className={labelClass}>
          {t("invite.password")}
        </label>
        <input
          id={ids.password}
          type={type}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={pending}
          aria-invalid={problems.password ? true : undefined}
          aria-describedby={problems.password ? `${ids.hint} ${ids.passwordError}` : ids.hint}
          className={inputClass}
        />
        <p id={ids.hint} className={hintClass}>
          {t("invite.passwordHint")}
        </p>
        {problems.password && (
          <p id={ids.passwordError} className={fieldErrorClass}>
            {problems.password}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.confirm} className={labelClass}>
          {t("invite.confirm")}
        </label>
        <input
          id={ids.confirm}
          type={type}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          disabled={pending}
          aria-invalid={problems.confirm ? true : undefined}
          aria-describedby={problems.confirm ? ids.confirmError : undefined}
          className={inputClass}
        />
        {problems.confirm && (
          <p id={ids.confirmError} className={fieldErrorClass}>
            {problems.confirm}
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className={checkboxClass} checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        {t("invite.showPasswords")}
      </label>
      {mutation.error && !(mutation.error instanceof ApiRequestError && mutation.error.status === 404) && (
        <FormAlert>{errorText(mutation.error, t("invite.errorGeneric"))}</FormAlert>
      )}
      <button
        type="submit"
        disabled={pending}
        className="flex w-full items-center justify-center rounded-lg bg-navy-900 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-navy-800 disabled:cursor-wait disabled:opacity-70"
      >
        {pending ? t("invite.submitting") : t("invite.submit")}
      </button>
    </form>
  );
}
