import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ChevronRight } from "../../components/icons";
import type { CallIssue } from "../../generated/tools/systems/CallIssue";
import { bounded, cut, pretty } from "../../lib/text";
import { PARAMETERS_PREVIEW_LINES } from "../limits";
import { BoundedPre } from "../shell/BoundedPre";
import type { CallTarget, RequestParts } from "./calls";
import { RESPONSE_MAX_CHARS, RESPONSE_MAX_LINES } from "./limits";

const METHOD_TONE: Readonly<Record<string, string>> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PUT: "bg-amber-100 text-amber-800",
  PATCH: "bg-violet-100 text-violet-800",
  DELETE: "bg-rose-100 text-rose-800",
};

/** An HTTP method, coloured by what it does: reads blue, creates green, changes amber or violet, deletes red. */
export function MethodBadge({ method }: { method: string }) {
  const upper = method.toUpperCase();
  const tone = Object.hasOwn(METHOD_TONE, upper) ? METHOD_TONE[upper] : "bg-slate-100 text-slate-700";
  return (
    <span className={`inline-block shrink-0 rounded px-1.5 py-0.5 font-mono text-[11px] leading-4 font-semibold ${tone}`} data-testid="api-method">
      {upper}
    </span>
  );
}

/** The status code a system answered with, green for success, amber for the caller's mistakes, red for the system's. */
export function StatusCode({ status }: { status: number }) {
  const { t } = useTranslation();
  const tone = status < 300 ? "bg-teal-50 text-teal-800" : status < 500 ? "bg-amber-50 text-amber-800" : "bg-red-50 text-red-800";
  return (
    <span className={`inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums ${tone}`} data-testid="api-status">
      {t("systems.call.statusCode", { status })}
    </span>
  );
}

/** Method and path (which wraps: paths are long), or the operation id alone while neither is known. */
export function Target({ target }: { target: CallTarget }) {
  return (
    <span className="flex min-w-0 items-start gap-2">
      {target.method && <MethodBadge method={target.method} />}
      <code className="min-w-0 font-mono text-xs leading-5 break-all text-slate-800" data-testid="api-path">
        {target.path ?? target.operation}
      </code>
    </span>
  );
}

const SECTION_LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";

/** One parameter value on a line: strings as they are, anything else as JSON. */
function valueText(value: unknown): string {
  return cut(typeof value === "string" ? value : pretty(value), 200);
}

function Pairs({ values }: { values: Record<string, unknown> }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {Object.entries(values).map(([name, value]) => (
        <li key={name} className="rounded bg-white px-1.5 py-0.5 font-mono text-xs break-all text-slate-800 ring-1 ring-slate-200">
          <span className="text-slate-500">{name}=</span>
          {valueText(value)}
        </li>
      ))}
    </ul>
  );
}

/**
 * What a call sends: its target, the system, path and query parameters as name=value
 * pairs, and the body as JSON. Shown with the answer, while waiting for approval, and
 * with a denial.
 */
export function CallRequest({ target, system, parts }: { target: CallTarget; system: string | undefined; parts: RequestParts }) {
  const { t } = useTranslation();
  const empty = !parts.pathParams && !parts.query && parts.body === undefined;
  return (
    <section className="space-y-2 rounded-md bg-slate-50 px-3 py-2" data-testid="api-request" aria-label={t("systems.call.request")}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <Target target={target} />
        {system && <span className="text-xs text-slate-500">{system}</span>}
      </div>
      {target.method && target.operation && target.operation !== `${target.method} ${target.path}` && (
        <p className="flex gap-2 text-xs text-slate-500">
          <span>{t("systems.call.operation")}</span>
          <code className="font-mono break-all text-slate-700">{target.operation}</code>
        </p>
      )}
      {(parts.pathParams || parts.query) && (
        <dl className="space-y-1.5 text-sm">
          {parts.pathParams && (
            <div>
              <dt className={SECTION_LABEL}>{t("systems.call.pathParams")}</dt>
              <dd className="mt-0.5" data-testid="api-path-params">
                <Pairs values={parts.pathParams} />
              </dd>
            </div>
          )}
          {parts.query && (
            <div>
              <dt className={SECTION_LABEL}>{t("systems.call.query")}</dt>
              <dd className="mt-0.5" data-testid="api-query">
                <Pairs values={parts.query} />
              </dd>
            </div>
          )}
        </dl>
      )}
      {parts.body !== undefined && (
        <div data-testid="api-body">
          <BoundedPre label={t("systems.call.body")} text={pretty(parts.body)} maxLines={PARAMETERS_PREVIEW_LINES} />
        </div>
      )}
      {empty && <p className="text-xs text-slate-500">{t("systems.call.noParameters")}</p>}
    </section>
  );
}

/**
 * A system's answer as indented JSON in a box that scrolls, under a heading that folds it
 * away. Large answers are cut (limits.ts), saying how many lines were left out.
 */
export function JsonBlock({ label, value, aside, defaultOpen = true, testId }: { label: string; value: unknown; aside?: ReactNode; defaultOpen?: boolean; testId: string }) {
  const { t } = useTranslation();
  const shown = useMemo(() => bounded(pretty(value), RESPONSE_MAX_LINES, RESPONSE_MAX_CHARS), [value]);
  return (
    <FoldedSection label={label} aside={aside} defaultOpen={defaultOpen} testId={testId}>
      <pre className="max-h-80 overflow-auto border-t border-slate-100 bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-800">
        {shown.text}
      </pre>
      {shown.hiddenLines > 0 && <p className="px-3 pb-1.5 text-[11px] text-slate-400">{t("tools.moreLines", { n: shown.hiddenLines })}</p>}
    </FoldedSection>
  );
}

/** A section under a heading that folds it away, with what goes beside the heading. */
export function FoldedSection({ label, aside, defaultOpen = true, testId, children }: { label: string; aside?: ReactNode; defaultOpen?: boolean; testId: string; children: ReactNode }) {
  return (
    <details open={defaultOpen} className="group min-w-0 rounded-md border border-slate-200" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-1.5 select-none hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-3.5 shrink-0 text-slate-400 transition-transform group-open:rotate-90" />
        <span className={SECTION_LABEL}>{label}</span>
        {aside && <span className="ml-auto flex items-center gap-2">{aside}</span>}
      </summary>
      {children}
    </details>
  );
}

/** How the arguments did not fit the operation: where, what was expected, what came. */
export function IssuesTable({ issues }: { issues: readonly CallIssue[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h4 className={`mb-1 ${SECTION_LABEL}`}>{t("systems.call.issues")}</h4>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="w-full text-left text-xs" data-testid="api-issues">
          <thead className="bg-slate-50 text-slate-500">
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                {t("systems.call.issuePath")}
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                {t("systems.call.expected")}
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                {t("systems.call.received")}
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                {t("systems.call.message")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {issues.map((issue, i) => (
              <tr key={`${issue.path}-${i}`}>
                <td className="px-2 py-1 font-mono break-words text-slate-900">{issue.path}</td>
                <td className="px-2 py-1 break-words text-slate-700">{issue.expected}</td>
                <td className="px-2 py-1 font-mono break-words text-red-700">{issue.received}</td>
                <td className="px-2 py-1 break-words text-slate-700">{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The fixes the server suggests for the failure, in order. */
export function Suggestions({ suggestions }: { suggestions: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h4 className={`mb-1 ${SECTION_LABEL}`}>{t("systems.call.suggestions")}</h4>
      <ol className="list-decimal space-y-0.5 pl-5 text-sm text-slate-700" data-testid="api-suggestions">
        {suggestions.map((suggestion) => (
          <li key={suggestion}>{suggestion}</li>
        ))}
      </ol>
    </section>
  );
}
