import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/FormAlert";
import { Dialog, DialogClose, buttonClass } from "../../components/ui/Dialog";
import { checkboxClass, fieldErrorClass, hintClass, inputClass, labelClass } from "../../components/ui/fields";
import { useErrorText } from "../../components/useErrorText";
import type { CreateMemberRequest } from "../../generated/CreateMemberRequest";
import type { FacilityInfo } from "../../generated/FacilityInfo";
import type { NewMemberResponse } from "../../generated/NewMemberResponse";
import type { Role } from "../../generated/Role";
import { AccessFields } from "./AccessFields";
import { InvitationLinkView } from "./InvitationLinkView";
import { useAddMember } from "./queries";

/** The server's rule for passwords, counted in characters as it counts them. */
export const MIN_PASSWORD_CHARS = 8;
export const isLongEnough = (password: string) => Array.from(password).length >= MIN_PASSWORD_CHARS;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; facilities: readonly FacilityInfo[] | undefined };

/**
 * Adds a member: email, first name, roles, facilities, and either an invitation link or a
 * password set now. Afterwards it shows the link to hand over (or that they can sign in).
 * Closing and reopening starts a fresh form.
 */
export function AddMemberDialog({ open, onOpenChange, facilities }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("adminUsers.add")} size="wide" testId="add-member-dialog">
      <AddMember facilities={facilities} />
    </Dialog>
  );
}

function AddMember({ facilities }: { facilities: readonly FacilityInfo[] | undefined }) {
  const mutation = useAddMember();
  if (mutation.data) return <MemberAdded result={mutation.data} />;
  return <AddMemberForm facilities={facilities} pending={mutation.isPending} error={mutation.error} onSubmit={(body) => mutation.mutate(body)} />;
}

function MemberAdded({ result }: { result: NewMemberResponse }) {
  const { t } = useTranslation();
  const email = result.member.email;
  return (
    <div className="mt-4 space-y-4">
      {result.invitation ? (
        <>
          <p className="text-sm text-slate-700" role="status">
            {t("adminUsers.addedInvited", { email })}
          </p>
          <InvitationLinkView invitation={result.invitation} />
        </>
      ) : (
        <p className="text-sm text-slate-700" role="status">
          {t("adminUsers.addedWithPassword", { email })}
        </p>
      )}
      <div className="flex justify-end">
        <DialogClose className={buttonClass.primary} autoFocus>
          {t("adminUsers.done")}
        </DialogClose>
      </div>
    </div>
  );
}

function focusFirstIn(form: EventTarget, selector: string) {
  if (form instanceof HTMLElement) form.querySelector<HTMLElement>(selector)?.focus();
}

type FormProps = {
  facilities: readonly FacilityInfo[] | undefined;
  pending: boolean;
  error: unknown;
  onSubmit: (body: CreateMemberRequest) => void;
};

function AddMemberForm({ facilities, pending, error, onSubmit }: FormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = { email: useId(), firstName: useId(), password: useId(), passwordHint: useId(), passwordError: useId(), mode: useId() };
  const [email, setEmail] = useState("");
  const [firstName, setFirstName] = useState("");
  const [roles, setRoles] = useState<Role[]>([]);
  // One facility to choose from is the obvious choice.
  const [granted, setGranted] = useState<string[]>(() => (facilities?.length === 1 ? [facilities[0]!.id] : []));
  const [withPassword, setWithPassword] = useState(false);
  const [password, setPassword] = useState("");
  const [checked, setChecked] = useState(false);

  const facilityError = checked && granted.length === 0 ? t("adminUsers.facilityRequired") : undefined;
  const passwordError = checked && withPassword && !isLongEnough(password) ? t("adminUsers.passwordTooShort") : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (pending) return;
    // Take the reader to the first thing to fix, where its message is read out.
    if (granted.length === 0) return focusFirstIn(event.currentTarget, "fieldset[data-facilities] input");
    if (withPassword && !isLongEnough(password)) return document.getElementById(ids.password)?.focus();
    const trimmedName = firstName.trim();
    onSubmit({
      email: email.trim(),
      ...(trimmedName ? { firstName: trimmedName } : {}),
      ...(withPassword ? { password } : {}),
      roles,
      facilities: granted,
    });
  };

  const modeOption = "flex items-start gap-2.5 rounded-lg px-2 py-1.5 hover:bg-slate-50";
  return (
    <form onSubmit={submit} className="mt-4 space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.email} className={labelClass}>
            {t("adminUsers.email")}
          </label>
          <input id={ids.email} type="email" required autoComplete="off" inputMode="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} disabled={pending} className={inputClass} autoFocus />
        </div>
        <div>
          <label htmlFor={ids.firstName} className={labelClass}>
            {t("adminUsers.firstName")} <span className="font-normal text-slate-500">({t("adminUsers.optional")})</span>
          </label>
          <input id={ids.firstName} autoComplete="off" maxLength={100} value={firstName} onChange={(e) => setFirstName(e.target.value)} disabled={pending} className={inputClass} />
        </div>
      </div>
      <AccessFields roles={roles} onRoles={setRoles} facilities={granted} onFacilities={setGranted} options={facilities} facilityError={facilityError} disabled={pending} />
      <fieldset disabled={pending}>
        <legend className="text-sm font-medium text-slate-700">{t("adminUsers.signIn")}</legend>
        <div className="mt-1 -mx-2 grid gap-0.5">
          <label className={modeOption}>
            <input type="radio" name={ids.mode} className={checkboxClass} checked={!withPassword} onChange={() => setWithPassword(false)} />
            <span className="text-sm">
              <span className="block font-medium text-slate-800">{t("adminUsers.invite")}</span>
              <span className="block text-xs text-slate-500">{t("adminUsers.inviteHint")}</span>
            </span>
          </label>
          <label className={modeOption}>
            <input type="radio" name={ids.mode} className={checkboxClass} checked={withPassword} onChange={() => setWithPassword(true)} />
            <span className="text-sm">
              <span className="block font-medium text-slate-800">{t("adminUsers.setPassword")}</span>
              <span className="block text-xs text-slate-500">{t("adminUsers.setPasswordHint")}</span>
            </span>
          </label>
        </div>
        {withPassword && (
          <div className="mt-2">
            <label htmlFor={ids.password} className={labelClass}>
              {t("adminUsers.password")}
            </label>
            <input
              id={ids.password}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${ids.passwordHint} ${ids.passwordError}` : ids.passwordHint}
              className={inputClass}
            />
            <p id={ids.passwordHint} className={hintClass}>
              {t("adminUsers.passwordHint")}
            </p>
            {passwordError && (
              <p id={ids.passwordError} className={fieldErrorClass}>
                {passwordError}
              </p>
            )}
          </div>
        )}
      </fieldset>
      {error !== null && <FormAlert>{errorText(error, t("adminUsers.errorGeneric"))}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? t("adminUsers.adding") : t("adminUsers.add")}
        </button>
      </div>
    </form>
  );
}
