import { useTranslation } from "react-i18next";
import { AlertIcon } from "./icons";
import { BackToChat } from "./PageHeading";

type Props = {
  /** What only administrators do here, and whom to ask instead; the users page's words by default. */
  title?: string;
  body?: string;
};

/** What someone without a page's role sees there (the route table's refusal, and a page's answer to a 403): whom the page is for. */
export function OnlyAdmins({ title, body }: Props) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <BackToChat />
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" role="alert">
        <span className="grid size-12 place-items-center rounded-xl bg-amber-50 text-amber-700">
          <AlertIcon className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-navy-950">{title ?? t("adminUsers.onlyAdmins")}</h1>
        <p className="mt-2 text-slate-600">{body ?? t("adminUsers.onlyAdminsBody")}</p>
      </div>
    </section>
  );
}

export { BackToChat };
