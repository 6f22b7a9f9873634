import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowLeftIcon } from "./icons";

/** The link back to the chat that opens every page reached from the user menu. */
export function BackToChat() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-teal-700 hover:text-teal-900">
      <ArrowLeftIcon className="size-4" />
      {t("adminUsers.back")}
    </Link>
  );
}

/** A page's top: back to the chat, its title (`id` labels the page's section), a line under it, and its main action. */
export function PageHeading({ id, title, subtitle, action }: { id: string; title: string; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <>
      <BackToChat />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl min-w-0">
          <h1 id={id} className="text-2xl font-semibold tracking-tight text-navy-950">
            {title}
          </h1>
          {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        </div>
        {action}
      </div>
    </>
  );
}
