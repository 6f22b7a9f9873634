import { useTranslation } from "react-i18next";
import { cut } from "../../lib/text";
import { PREVIEW_MAX_CHARS } from "../limits";
import { parametersOf } from "./bi";

/** A section's small capitals label. */
export const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";

/** SQL in a monospace block that scrolls rather than grows past a screenful. */
export function SqlBlock({ label, sql, testId }: { label: string; sql: string; testId: string }) {
  return (
    <div>
      <p className={`mb-1 ${LABEL}`}>{label}</p>
      <pre
        className="max-h-60 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 wrap-anywhere"
        data-testid={testId}
      >
        {cut(sql, PREVIEW_MAX_CHARS)}
      </pre>
    </div>
  );
}

/**
 * What the tool was asked: the cube, the query ids, an export's description, file name
 * and format, a query's purpose and its SQL; 'No parameters' for the catalogue, which
 * takes none. Shown while the tool runs too.
 */
export function Parameters({ input }: { input: unknown }) {
  const { t } = useTranslation();
  const { cubeName, queryIds, description, fileName, format, sql, purpose } = parametersOf(input);
  const none = !cubeName && !queryIds && !description && !fileName && !format && !sql && !purpose;
  return (
    <section className="space-y-1.5" aria-label={t("tools.parameters")} data-testid="bi-parameters">
      <h4 className={LABEL}>{t("tools.parameters")}</h4>
      {none && <p className="text-sm text-slate-500">{t("bi.parameters.none")}</p>}
      {cubeName && (
        <p className="flex items-baseline gap-2 text-sm">
          <span className="text-slate-500">{t("bi.parameters.cube")}</span>
          <code className="font-mono text-xs break-all text-slate-900" data-testid="bi-cube-name">
            {cubeName}
          </code>
        </p>
      )}
      {queryIds && (
        <div className="flex flex-wrap items-baseline gap-1.5 text-sm">
          <span className="text-slate-500">{t("bi.parameters.queryIds")}</span>
          <ul className="flex flex-wrap gap-1" data-testid="bi-query-ids">
            {queryIds.map((id) => (
              <li key={id} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">
                {id}
              </li>
            ))}
          </ul>
        </div>
      )}
      {description && (
        <p className="text-sm text-slate-700 wrap-anywhere" data-testid="bi-description">
          {t("bi.parameters.description", { description })}
        </p>
      )}
      {(fileName || format) && (
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
          {fileName && (
            <span className="flex min-w-0 items-baseline gap-2">
              <span className="text-slate-500">{t("bi.parameters.fileName")}</span>
              <code className="font-mono text-xs break-all text-slate-900" data-testid="bi-parameter-file-name">
                {fileName}
              </code>
            </span>
          )}
          {format && (
            <span className="flex items-baseline gap-2">
              <span className="text-slate-500">{t("bi.parameters.format")}</span>
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700" data-testid="bi-format">
                {format}
              </span>
            </span>
          )}
        </p>
      )}
      {purpose && (
        <p className="text-sm text-slate-700 wrap-anywhere" data-testid="bi-purpose">
          {t("bi.parameters.purpose", { purpose })}
        </p>
      )}
      {sql && <SqlBlock label={t("bi.parameters.sql")} sql={sql} testId="bi-sql" />}
    </section>
  );
}
