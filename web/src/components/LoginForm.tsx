import { type FormEvent, useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { login } from "../api/auth";
import { ApiRequestError, NETWORK_ERROR } from "../api/client";
import type { LoginResponse } from "../generated/LoginResponse";
import { AlertIcon, EyeIcon, EyeOffIcon } from "./icons";

type Props = {
  onSignedIn: (response: LoginResponse) => void;
  /** A sign-in attempt starts. */
  onSubmit?: () => void;
};

/** Email and password form; shows the server's own message when sign-in is refused. */
export function LoginForm({ onSignedIn, onSubmit }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState(false);
  const ids = { email: useId(), password: useId(), error: useId() };
  const mutation = useMutation({ mutationFn: login, onSuccess: onSignedIn });

  const errorText = (() => {
    const error = mutation.error;
    if (!error) return null;
    if (error instanceof ApiRequestError) {
      if (error.code === NETWORK_ERROR) return t("login.errorNetwork");
      if (error.status < 500 && error.message) return error.message;
    }
    return t("login.errorGeneric");
  })();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    onSubmit?.();
    mutation.mutate({ email: email.trim(), password });
  };

  const inputClass =
    "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-xs " +
    "placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none " +
    "disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-400";

  return (
    <form onSubmit={submit} className="space-y-5" aria-describedby={errorText ? ids.error : undefined}>
      <div>
        <label htmlFor={ids.email} className="block text-sm font-medium text-slate-700">
          {t("login.email")}
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={mutation.isPending}
          aria-invalid={errorText ? true : undefined}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={ids.password} className="block text-sm font-medium text-slate-700">
          {t("login.password")}
        </label>
        <div className="relative">
          <input
            id={ids.password}
            name="password"
            type={shown ? "text" : "password"}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={mutation.isPending}
            aria-invalid={errorText ? true : undefined}
            className={`${inputClass} pr-11`}
          />
          <button
            type="button"
            onClick={() => setShown((v) => !v)}
            aria-pressed={shown}
            aria-controls={ids.password}
            aria-label={shown ? t("login.hidePassword") : t("login.showPassword")}
            title={shown ? t("login.hidePassword") : t("login.showPassword")}
            className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            {shown ? <EyeOffIcon className="size-4.5" /> : <EyeIcon className="size-4.5" />}
          </button>
        </div>
      </div>
      {errorText && (
        <p
          id={ids.error}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span>{errorText}</span>
        </p>
      )}
      <button
        type="submit"
        disabled={mutation.isPending}
        className="flex w-full items-center justify-center rounded-lg bg-navy-900 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-navy-800 disabled:cursor-wait disabled:opacity-70"
      >
        {mutation.isPending ? t("login.submitting") : t("login.submit")}
      </button>
    </form>
  );
}
