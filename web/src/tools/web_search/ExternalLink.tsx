import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ExternalLinkIcon } from "../../components/moreIcons";
import { webLink } from "./web_search";

/**
 * A link to a page on the web, opened in a new tab without telling the site where the
 * reader came from and without vouching for it (`nofollow`). An address that is not
 * http(s) (`javascript:`, `data:`) never becomes a link: its text shows instead.
 */
export function ExternalLink({ url, className = "", children }: { url: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const href = webLink(url);
  if (!href) {
    return (
      <span className={className} dir="auto">
        {children}
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer" className={className} dir="auto">
      {children}{" "}
      <ExternalLinkIcon className="inline size-3.5 align-[-2px] text-slate-400" />
      <span className="sr-only">{t("web_search.opensInNewTab")}</span>
    </a>
  );
}
