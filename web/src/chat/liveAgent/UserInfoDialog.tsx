import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, buttonClass } from "../../components/ui/Dialog";
import type { PendingUserInfo } from "../../liveAgent/useLiveAgent";

const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-teal-500 focus:ring-2 focus:ring-teal-500/20 focus:outline-none";

/**
 * The third site variant's form (spec 002 §2): email, first name and last name, all
 * required. Cancelling says nothing and connects nothing.
 */
export function UserInfoDialog({ request }: { request: PendingUserInfo | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState({ email: "", firstName: "", lastName: "" });
  const [shownFor, setShownFor] = useState<PendingUserInfo | null>(null);
  if (request !== shownFor) {
    setShownFor(request);
    if (request) setValues({ email: request.initial.email ?? "", firstName: request.initial.firstName ?? "", lastName: request.initial.lastName ?? "" });
  }
  const complete = Boolean(values.email.trim() && values.firstName.trim() && values.lastName.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    request?.resolve({ email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() });
  };

  const input = (name: keyof typeof values, type: string, autoComplete: string) => (
    <label className="block text-sm font-medium text-slate-700" htmlFor={`${id}-${name}`}>
      {t(`liveAgent.userInfo.${name}`)}
      <input
        id={`${id}-${name}`}
        type={type}
        required
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        className={field}
      />
    </label>
  );

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && request?.resolve(null)}
      title={t("liveAgent.userInfo.title")}
      description={t("liveAgent.userInfo.description")}
      testId="live-agent-user-info"
    >
      <form onSubmit={submit} className="mt-4 space-y-3">
        {input("email", "email", "email")}
        {input("firstName", "text", "given-name")}
        {input("lastName", "text", "family-name")}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => request?.resolve(null)}>
            {t("liveAgent.userInfo.cancel")}
          </button>
          <button type="submit" className={buttonClass.primary} disabled={!complete}>
            {t("liveAgent.userInfo.submit")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
