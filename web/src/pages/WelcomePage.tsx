import { useTranslation } from "react-i18next";
import { displayName } from "../auth/identity";
import { useAuthStore } from "../auth/store";
import { SignedInLayout } from "../components/SignedInLayout";
import { LogoMark } from "../components/icons";

/** Placeholder for the chat page: greets the user and names where they are working. */
export function WelcomePage() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenants.find((tn) => tn.id === s.tenantId));
  const facilityId = useAuthStore((s) => s.facilityId);
  const facility = tenant?.facilities.find((f) => f.id === facilityId);

  return (
    <SignedInLayout>
      <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <span className="grid size-14 place-items-center rounded-2xl bg-navy-950 text-teal-300 shadow-lg ring-1 ring-teal-400/30">
          <LogoMark className="size-8" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-navy-950 sm:text-3xl">
          {t("home.welcome", { name: user ? displayName(user) : "" })}
        </h1>
        <p className="mt-3 max-w-xl text-base leading-relaxed text-slate-600">{t("home.intro")}</p>
        {tenant && (
          <p className="mt-6 rounded-full border border-teal-200 bg-teal-50 px-4 py-1.5 text-sm font-medium text-teal-900">
            {t("home.workingIn", {
              tenant: tenant.name,
              facility: facility?.name ?? t("context.noFacility"),
            })}
          </p>
        )}
      </section>
    </SignedInLayout>
  );
}
