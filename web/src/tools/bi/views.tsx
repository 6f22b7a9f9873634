import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon } from "../../components/icons";
import type { CubeDescResult } from "../../generated/tools/bi/CubeDescResult";
import type { CubeSchemaResult } from "../../generated/tools/bi/CubeSchemaResult";
import type { EnumQueryIdsResult } from "../../generated/tools/bi/EnumQueryIdsResult";
import type { EnumValuesResult } from "../../generated/tools/bi/EnumValuesResult";
import { LABEL } from "./parts";

/**
 * The responses of the cube tools that describe the data (spec 001 §2.13): the catalogue
 * of cubes, a cube's schema, its enum fields and their values. Every text is the
 * server's data, shown as text.
 */

const TABLE_BOX = "overflow-x-auto rounded-md border border-slate-200";
const TH = "px-2 py-1.5 font-medium whitespace-nowrap";
const TD = "px-2 py-1 align-top";

/** A small table of the catalogue: its header row, then `children` as its body rows. */
function SmallTable({ headers, testId, label, children }: { headers: { text: string; className?: string }[]; testId: string; label?: string; children: ReactNode }) {
  return (
    <div className={TABLE_BOX}>
      <table className="w-full text-left text-xs" aria-label={label} data-testid={testId}>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {headers.map((h) => (
              <th key={h.text} scope="col" className={h.className ? `${TH} ${h.className}` : TH}>
                {h.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A name as the cube writes it, for SQL: monospace and muted. */
function Code({ children, testId }: { children: string; testId?: string }) {
  return (
    <code className="font-mono text-xs break-all text-slate-500" data-testid={testId}>
      {children}
    </code>
  );
}

/** getCubeDescTool: each cube's title, name, description, and what it holds. */
export function CatalogueView({ result }: { result: CubeDescResult }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2" aria-label={t("bi.cubes.label")}>
      {result.cubes.map((cube) => (
        <li key={cube.name} className="rounded-lg border border-slate-200 px-3 py-2" data-testid="bi-cube">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-sm font-medium text-slate-900" data-testid="bi-cube-title">
              {cube.title || cube.name}
            </span>
            <Code testId="bi-cube-name">{cube.name}</Code>
          </p>
          {cube.description && <p className="mt-0.5 text-sm text-slate-700 wrap-break-word">{cube.description}</p>}
          <p className="mt-1 text-xs text-slate-500">
            {[
              t("bi.cubes.measures", { n: cube.measures.length }),
              t("bi.cubes.dimensions", { n: cube.dimensions.length }),
              ...(cube.timeDimension ? [t("bi.cubes.time", { name: cube.timeDimension })] : []),
            ].join(" · ")}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A field's title over its name, with its description: the first cell of a schema row. */
function FieldName({ title, name, description }: { title: string; name: string; description: string }) {
  return (
    <>
      <span className="block text-slate-900">{title || name}</span>
      {title && title !== name && <Code>{name}</Code>}
      {description && <span className="mt-0.5 block max-w-80 text-slate-500 wrap-break-word">{description}</span>}
    </>
  );
}

/** getCubeSchemaInfoTool: the cube, then its measures (how each aggregates) and its dimensions (type, enum or not). */
export function SchemaView({ result }: { result: CubeSchemaResult }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-medium text-slate-900">{result.title || result.cube}</span>
          <Code>{result.cube}</Code>
        </p>
        {result.description && <p className="mt-0.5 text-sm text-slate-700 wrap-break-word">{result.description}</p>}
        {result.timeDimension && <p className="mt-0.5 text-xs text-slate-500">{t("bi.schema.time", { name: result.timeDimension })}</p>}
      </div>
      {result.measures.length > 0 && (
        <section>
          <h5 className={`mb-1 ${LABEL}`}>{t("bi.schema.measures")}</h5>
          <SmallTable testId="bi-measures" headers={[{ text: t("bi.schema.name") }, { text: t("bi.schema.usage") }, { text: t("bi.schema.format") }]}>
            {result.measures.map((measure) => (
              <tr key={measure.name}>
                <td className={TD}>
                  <FieldName {...measure} />
                </td>
                <td className={`${TD} font-mono break-all text-slate-800`}>{measure.usage}</td>
                <td className={`${TD} font-mono text-slate-600`}>{measure.format}</td>
              </tr>
            ))}
          </SmallTable>
        </section>
      )}
      {result.dimensions.length > 0 && (
        <section>
          <h5 className={`mb-1 ${LABEL}`}>{t("bi.schema.dimensions")}</h5>
          <SmallTable
            testId="bi-dimensions"
            headers={[{ text: t("bi.schema.name") }, { text: t("bi.schema.type") }, { text: t("bi.schema.enum"), className: "text-center" }]}
          >
            {result.dimensions.map((dimension) => (
              <tr key={dimension.name}>
                <td className={TD}>
                  <FieldName {...dimension} />
                </td>
                <td className={`${TD} font-mono text-slate-600`}>{dimension.type}</td>
                <td className={`${TD} text-center`}>
                  {dimension.isEnum && (
                    <span className="inline-flex text-teal-600" title={t("bi.schema.isEnum")} data-testid="bi-enum-mark">
                      <CheckIcon className="size-3.5" />
                      <span className="sr-only">{t("bi.schema.isEnum")}</span>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </SmallTable>
        </section>
      )}
      {result.hint && (
        <div className="rounded-md bg-slate-50 px-3 py-2">
          <p className={LABEL}>{t("bi.schema.hint")}</p>
          <p className="mt-0.5 text-xs text-slate-700 wrap-anywhere" data-testid="bi-hint">
            {result.hint}
          </p>
        </div>
      )}
    </div>
  );
}

/** getCubeFieldEnumQueryIdsTool: each enum field with the query id its values are read by. */
export function EnumFieldsView({ result }: { result: EnumQueryIdsResult }) {
  const { t } = useTranslation();
  return (
    <SmallTable testId="bi-enum-fields" label={t("bi.fields.label")} headers={[{ text: t("bi.fields.field") }, { text: t("bi.fields.queryId") }]}>
      {result.fields.map((field) => (
        <tr key={field.queryId}>
          <td className={TD}>
            <FieldName title={field.title} name={field.field} description="" />
          </td>
          <td className={`${TD} font-mono break-all text-slate-800`}>{field.queryId}</td>
        </tr>
      ))}
    </SmallTable>
  );
}

/** getCubeEnumValuesTool: each field's values, as the data spells them. */
export function EnumValuesView({ result }: { result: EnumValuesResult }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      {result.fields.map((field) => (
        <section key={field.queryId} aria-label={field.queryId} data-testid="bi-enum-values">
          <h5 className="mb-1 font-mono text-xs font-medium break-all text-slate-700">{field.queryId}</h5>
          {field.values.length > 0 ? (
            <ul className="flex flex-wrap gap-1">
              {field.values.map((value, index) => (
                <li key={`${index}:${value}`} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">
                  {value}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-slate-500">{t("bi.values.none")}</p>
          )}
        </section>
      ))}
    </div>
  );
}
