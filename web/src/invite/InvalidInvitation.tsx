import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AlertIcon } from "../components/icons";
import { buttonClass } from "../components/ui/Dialog";

/** An invitation link that no longer works: expired, used, or replaced by a newer one. */
export function InvalidInvitation() {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="invitation-invalid">
      <span className="grid size-12 place-items-center rounded-xl bg-amber-50 text-amber-700">
        <AlertIcon className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-navy-950">{t("invite.invalidTitle")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("invite.invalidBody")}</p>
      <Link to="/login" className={`${buttonClass.secondary} mt-6`}>
        {t("invite.toLogin")}
      </Link>
    </div>
  );
}
