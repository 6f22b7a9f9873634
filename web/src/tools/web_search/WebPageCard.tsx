import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cut } from "../../lib/text";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { ExternalLink } from "./ExternalLink";
import { PageTextIcon } from "./icons";
import { PAGE_PREVIEW_CHARS, pageOf, siteOf } from "./web_search";

/**
 * readWebPage: 'Read page: {site}' with the page's title, a link to it that opens in a new
 * tab, and the beginning of its text, which 'Show all' opens in full; 'Truncated' when the
 * tool cut the page. The text is shown as text, in its own direction.
 */
export function WebPageCard({ invocation }: ToolCardProps<"readWebPage">) {
  const { t } = useTranslation();
  const page = pageOf(invocation.output);
  const site = page?.site || siteOf(invocation.input?.url);

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<PageTextIcon className="size-4.5" />}
      accent="sky"
      title={site ? t("web_search.page.title", { site }) : t("web_search.page.titleAnywhere")}
      runningLabel={site ? t("web_search.page.running", { site }) : t("web_search.page.runningAnywhere")}
      summary={page ? page.title : t("tools.noResult")}
      failure={invocation.phase === "completed" && !page ? t("tools.noResult") : undefined}
    >
      {page && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <ExternalLink url={page.finalUrl || page.url} className="min-w-0 font-medium break-words text-teal-800 underline-offset-2 hover:underline">
              {page.title}
            </ExternalLink>
            {page.truncated && (
              <span className="shrink-0 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800" title={t("web_search.page.truncatedHint")} data-testid="web-page-truncated">
                {t("web_search.page.truncated")}
              </span>
            )}
          </div>
          <p className="text-xs break-all text-slate-500" dir="auto">
            {page.finalUrl || page.url}
          </p>
          {page.finalUrl && page.finalUrl !== page.url && <p className="text-xs break-all text-slate-500">{t("web_search.page.redirected", { url: page.url })}</p>}
          <PageText text={page.text} lang={page.lang} />
        </div>
      )}
    </ToolCardShell>
  );
}

/** The page's text: its beginning, and all of it on request. */
function PageText({ text, lang }: { text: string; lang: string | undefined }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const id = useId();
  const trimmed = text.trim();
  if (!trimmed) return <p className="text-sm text-slate-500">{t("web_search.page.empty")}</p>;
  const preview = cut(trimmed, PAGE_PREVIEW_CHARS);
  const long = preview !== trimmed;
  return (
    <div>
      <div
        id={id}
        role="region"
        aria-label={t("web_search.page.text")}
        lang={lang}
        dir="auto"
        className={`rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800 ${all ? "max-h-96 overflow-y-auto" : ""}`}
        data-testid="web-page-text"
      >
        {all ? trimmed : preview}
      </div>
      {long && (
        <button type="button" aria-expanded={all} aria-controls={id} onClick={() => setAll((a) => !a)} className="mt-1 text-xs font-medium text-teal-700 hover:text-teal-900">
          {all ? t("web_search.page.showLess") : t("web_search.page.showAll")}
        </button>
      )}
    </div>
  );
}
