import { useTranslation } from "react-i18next";
import type { ApiHit } from "../../generated/tools/systems/ApiHit";
import type { ApiParameter } from "../../generated/tools/systems/ApiParameter";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { readSearch, resultOf, withoutPrefix } from "./calls";
import { ApiSearchIcon } from "./icons";
import { MethodBadge } from "./parts";

/**
 * apiSearch (spec 001 §2.4): the operations found, each with its method, path, similarity
 * percent, summary, system, and path and query parameters with required marks; none
 * found reads 'No APIs found for "{query}"', a failure 'API search failed: {error}'.
 */
export function ApiSearchCard({ invocation }: ToolCardProps<"apiSearch">) {
  const { t } = useTranslation();
  const reading = readSearch(invocation.output);
  const result = resultOf(reading);
  const query = result?.query || invocation.input?.query;
  const hits = result?.success ? result.apis : [];
  const none = t("systems.search.none", { query: query ?? "" });

  let failure: string | undefined;
  if (invocation.phase === "failed") {
    failure = t("systems.search.failed", { error: invocation.errorText ? withoutPrefix(invocation.errorText) : t("tools.unknownError") });
  } else if (reading && "unreadable" in reading) {
    failure = t(reading.unreadable === "json" ? "systems.errors.json" : "systems.errors.data");
  } else if (result && !result.success) {
    failure = t("systems.search.failed", { error: result.error || t("tools.unknownError") });
  }

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<ApiSearchIcon className="size-4.5" />}
      accent="sky"
      title={query ? t("systems.search.title", { query }) : t("systems.search.titlePlain")}
      runningLabel={t("systems.search.running")}
      summary={result ? (hits.length > 0 ? t("systems.search.found", { n: hits.length }) : none) : undefined}
      failure={failure}
    >
      {result &&
        (hits.length === 0 ? (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="api-search-empty">
            {none}
          </p>
        ) : (
          <ul className="space-y-2" aria-label={t("systems.search.results")}>
            {hits.map((hit) => (
              <Hit key={`${hit.system}:${hit.operation}`} hit={hit} />
            ))}
          </ul>
        ))}
    </ToolCardShell>
  );
}

function Hit({ hit }: { hit: ApiHit }) {
  const { t } = useTranslation();
  const about = hit.summary || hit.description;
  const parameters = hit.parameters ?? { path: [], query: [] };
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2" data-testid="api-hit">
      <div className="flex items-start gap-2">
        <MethodBadge method={hit.method} />
        <code className="min-w-0 flex-1 font-mono text-xs leading-5 break-all text-slate-900" data-testid="api-path">
          {hit.path}
        </code>
        <Similarity value={hit.similarity} />
      </div>
      {about && <p className="mt-1 text-sm text-slate-700">{about}</p>}
      <p className="mt-1 text-xs text-slate-500">
        <span className="font-medium text-slate-600">{hit.system}</span>
        {hit.kind && <span className="uppercase"> · {hit.kind}</span>}
        {hit.operation && (
          <>
            {" · "}
            <code className="font-mono">{hit.operation}</code>
          </>
        )}
        {hit.hasBody && <span> · {t("systems.search.takesBody")}</span>}
      </p>
      {(parameters.path.length > 0 || parameters.query.length > 0) && (
        <dl className="mt-1.5 space-y-1 text-xs">
          <Parameters label={t("systems.search.pathParameters")} parameters={parameters.path} testId="api-path-parameters" />
          <Parameters label={t("systems.search.queryParameters")} parameters={parameters.query} testId="api-query-parameters" />
        </dl>
      )}
    </li>
  );
}

/** The match as a percentage, with a bar to compare results at a glance. */
function Similarity({ value }: { value: number }) {
  const { t } = useTranslation();
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <span className="flex shrink-0 items-center gap-1.5" title={t("systems.search.similarity")} data-testid="api-similarity">
      <span aria-hidden="true" className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-100">
        <span className="block h-full rounded-full bg-teal-500" style={{ width: `${percent}%` }} />
      </span>
      <span className="sr-only">{t("systems.search.similarity")} </span>
      <span className="text-xs font-medium text-slate-700 tabular-nums">{percent}%</span>
    </span>
  );
}

function Parameters({ label, parameters, testId }: { label: string; parameters: readonly ApiParameter[]; testId: string }) {
  const { t } = useTranslation();
  if (parameters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-baseline gap-1.5">
      <dt className="w-12 shrink-0 text-slate-500">{label}</dt>
      <dd className="flex min-w-0 flex-1 flex-wrap gap-1" data-testid={testId}>
        {parameters.map((parameter) => (
          <span key={parameter.name} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">
            {parameter.name}
            {parameter.required && (
              <>
                <span aria-hidden="true" className="ml-0.5 font-sans font-semibold text-rose-600" title={t("systems.search.required")}>
                  *
                </span>
                <span className="sr-only"> ({t("systems.search.required")})</span>
              </>
            )}
          </span>
        ))}
      </dd>
    </div>
  );
}
