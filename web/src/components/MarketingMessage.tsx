import type { ComponentType, ReactNode, SVGProps } from "react";
import { useTranslation } from "react-i18next";
import { BellIcon, BoxesIcon, PlugIcon, TrendIcon } from "./icons";

/** Each feature has `marketing.<key>Title` and `marketing.<key>Body`; t() checks both exist. */
type FeatureKey = "demand" | "planning" | "dashboards" | "integration";

const FEATURES: ReadonlyArray<{ key: FeatureKey; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { key: "demand", Icon: TrendIcon },
  { key: "planning", Icon: BoxesIcon },
  { key: "dashboards", Icon: BellIcon },
  { key: "integration", Icon: PlugIcon },
];

type Props = {
  /**
   * Heading level of the headline: 1 on the landing view; 2 beside the sign-in form, set
   * smaller and closer so that page fits a laptop screen (1360×860) without scrolling.
   */
  level?: 1 | 2;
  /** Two columns of features where there is room (landing view). */
  wide?: boolean;
  /** Shown between the lead and the features (the landing view's Login button). */
  children?: ReactNode;
};

/** The product pitch: demand prediction, planning, dashboards and alerts, ERP/WMS/TMS integration. */
export function MarketingMessage({ level = 1, wide = false, children }: Props) {
  const { t } = useTranslation();
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby="marketing-headline" className="text-white">
      <p className="text-sm font-semibold tracking-wide text-teal-300 uppercase">
        {t("marketing.tagline")}
      </p>
      <Heading
        id="marketing-headline"
        className={`mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl ${level === 1 ? "lg:text-5xl" : ""}`}
      >
        {t("marketing.headline")}
      </Heading>
      <p className="mt-4 max-w-2xl text-base leading-relaxed text-navy-100 sm:text-lg">
        {t("marketing.lead")}
      </p>
      {children}
      <ul
        aria-label={t("marketing.featuresLabel")}
        className={`grid ${wide ? "mt-10 gap-4 sm:grid-cols-2" : "mt-8 gap-3 xl:grid-cols-2"}`}
      >
        {FEATURES.map(({ key, Icon }) => (
          <li
            key={key}
            className="flex gap-3 rounded-xl border border-white/10 bg-white/5 p-4 backdrop-blur-sm"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-teal-400/15 text-teal-300">
              <Icon className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold">{t(`marketing.${key}Title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-navy-200">{t(`marketing.${key}Body`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
