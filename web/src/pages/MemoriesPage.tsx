import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SignedInLayout } from "../components/SignedInLayout";
import { ArrowLeftIcon, MemoryIcon } from "../components/icons";

/** Placeholder for memory administration, reached from the user menu. */
export function MemoriesPage() {
  const { t } = useTranslation();
  return (
    <SignedInLayout>
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-teal-700 hover:text-teal-900"
        >
          <ArrowLeftIcon className="size-4" />
          {t("memories.back")}
        </Link>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <span className="grid size-12 place-items-center rounded-xl bg-teal-50 text-teal-700">
            <MemoryIcon className="size-6" />
          </span>
          <h1 className="mt-5 text-2xl font-semibold tracking-tight text-navy-950">{t("memories.title")}</h1>
          <p className="mt-2 font-medium text-slate-800">{t("memories.coming")}</p>
          <p className="mt-2 text-slate-600">{t("memories.body")}</p>
        </div>
      </section>
    </SignedInLayout>
  );
}
