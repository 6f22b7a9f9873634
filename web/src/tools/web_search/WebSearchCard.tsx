import { useTranslation } from "react-i18next";
import type { WebSearchHit } from "../../generated/tools/web_search/WebSearchHit";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { ExternalLink } from "./ExternalLink";
import { GlobeSearchIcon } from "./icons";
import { hitsOf, providerName } from "./web_search";

/**
 * webSearch: 'Web search: {query}' with 'N results', and each result — its title as a
 * link that opens in a new tab, its site, its date when known, its snippet. Everything
 * from the provider is shown as text (never as markup), in its own direction, and no
 * picture from a result's site is loaded.
 */
export function WebSearchCard({ invocation }: ToolCardProps<"webSearch">) {
  const { t } = useTranslation();
  const hits = hitsOf(invocation.output);
  const query = (invocation.output?.query ?? invocation.input?.query)?.trim();
  const provider = providerName(invocation.output?.provider);

  let summary: string | undefined;
  if (hits) summary = hits.length === 0 ? t("web_search.search.none") : t("web_search.search.results", { count: hits.length });

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<GlobeSearchIcon className="size-4.5" />}
      accent="sky"
      title={query ? t("web_search.search.title", { query }) : t("web_search.search.titleAnywhere")}
      runningLabel={query ? t("web_search.search.running", { query }) : t("web_search.search.runningAnywhere")}
      summary={summary ?? t("tools.noResult")}
      failure={invocation.phase === "completed" && !hits ? t("tools.noResult") : undefined}
      defaultOpen
    >
      {hits && hits.length === 0 && <p className="text-sm text-slate-600">{t("web_search.search.noneDetail")}</p>}
      {hits && hits.length > 0 && (
        <ol aria-label={t("web_search.search.list")} className="space-y-3">
          {hits.map((hit, i) => (
            <Hit key={`${i}:${hit.url}`} hit={hit} />
          ))}
        </ol>
      )}
      {provider && <p className="text-xs text-slate-400">{t("web_search.search.via", { provider })}</p>}
    </ToolCardShell>
  );
}

function Hit({ hit }: { hit: WebSearchHit }) {
  return (
    <li className="min-w-0" data-testid="web-result">
      <ExternalLink url={hit.url} className="font-medium break-words text-teal-800 underline-offset-2 hover:underline">
        {hit.title || hit.site}
      </ExternalLink>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <span className="truncate" dir="auto" data-testid="web-result-site">
          {hit.site}
        </span>
        {hit.publishedAt && (
          <span dir="auto" data-testid="web-result-date">
            {hit.publishedAt}
          </span>
        )}
      </p>
      {hit.snippet && (
        <p className="mt-1 text-sm break-words text-slate-700" dir="auto" data-testid="web-result-snippet">
          {hit.snippet}
        </p>
      )}
    </li>
  );
}
