import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "./icons";

type Props = { tone?: "light" | "dark" };

/** The Waybill mark and name, linking home. `light` is for dark backgrounds. */
export function Logo({ tone = "light" }: Props) {
  const { t } = useTranslation();
  const text = tone === "light" ? "text-white" : "text-navy-900";
  return (
    <Link
      to="/"
      aria-label={t("app.home")}
      className={`inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight ${text}`}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-navy-900 text-teal-300 ring-1 ring-teal-400/30">
        <LogoMark className="size-5" />
      </span>
      <span aria-hidden="true">{t("app.name")}</span>
    </Link>
  );
}
