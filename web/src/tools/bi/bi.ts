import type { CubeDescResult } from "../../generated/tools/bi/CubeDescResult";
import type { CubeSchemaResult } from "../../generated/tools/bi/CubeSchemaResult";
import type { CubeSummary } from "../../generated/tools/bi/CubeSummary";
import type { DimensionInfo } from "../../generated/tools/bi/DimensionInfo";
import type { DownloadResult } from "../../generated/tools/bi/DownloadResult";
import type { EnumQueryId } from "../../generated/tools/bi/EnumQueryId";
import type { EnumQueryIdsResult } from "../../generated/tools/bi/EnumQueryIdsResult";
import type { EnumValues } from "../../generated/tools/bi/EnumValues";
import type { EnumValuesResult } from "../../generated/tools/bi/EnumValuesResult";
import type { FileNameResult } from "../../generated/tools/bi/FileNameResult";
import type { MeasureInfo } from "../../generated/tools/bi/MeasureInfo";
import type { QueryResultOutput } from "../../generated/tools/bi/QueryResultOutput";
import type { JsonValue } from "../../generated/serde_json/JsonValue";
import { isRecord, num, str } from "../../lib/values";
import type { OutputOf, ToolName } from "../types";

/** The BI tools with a card here: one card shows them all (spec 001 §2.13). */
export const BI_TOOLS = [
  "getCubeDescTool",
  "getCubeSchemaInfoTool",
  "getCubeFieldEnumQueryIdsTool",
  "getCubeEnumValuesTool",
  "testQuerySqlTool",
  "generateFileNameTool",
  "downloadFileTool",
] as const satisfies readonly ToolName[];
export type BiTool = (typeof BI_TOOLS)[number];

/**
 * The catalogue key of each BI tool's friendly name in the title 'BI Tool: {name}'
 * (`bi.tools.<key>`) and of its running line (`bi.running.<key>`).
 */
export const FRIENDLY = {
  getCubeDescTool: "catalogue",
  getCubeSchemaInfoTool: "schema",
  getCubeFieldEnumQueryIdsTool: "enumFields",
  getCubeEnumValuesTool: "enumValues",
  testQuerySqlTool: "query",
  generateFileNameTool: "fileName",
  downloadFileTool: "download",
} as const satisfies Record<BiTool, string>;

/**
 * What the card makes of a tool's output: the result; a result that says it did not
 * succeed (with the error it gives, if any); or one that is not the tool's shape — text,
 * or an object missing what the card shows ('Result parsing error', spec 001 §8). A
 * stored chat may keep a result as a JSON string, which is parsed first.
 */
export type BiReading<T> = { result: T } | { failed: string | undefined } | { unreadable: true } | null;

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === "string") ? value : undefined);
const text = (value: unknown): string => str(value) ?? "";
/** Each item read by `item`, or nothing when the value is no list or an item is not what it should be. */
export function listOf<T>(value: unknown, item: (v: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: T[] = [];
  for (const v of value) {
    const read = item(v);
    if (read === undefined) return undefined;
    out.push(read);
  }
  return out;
}
const optional = (value: unknown) => str(value) || undefined;

function cubeSummary(v: unknown): CubeSummary | undefined {
  if (!isRecord(v) || typeof v.name !== "string") return undefined;
  return {
    name: v.name,
    title: text(v.title),
    description: text(v.description),
    timeDimension: optional(v.timeDimension),
    measures: strings(v.measures) ?? [],
    dimensions: strings(v.dimensions) ?? [],
  };
}

function measure(v: unknown): MeasureInfo | undefined {
  if (!isRecord(v) || typeof v.name !== "string") return undefined;
  return { name: v.name, title: text(v.title), description: text(v.description), usage: text(v.usage), format: text(v.format) };
}

function dimension(v: unknown): DimensionInfo | undefined {
  if (!isRecord(v) || typeof v.name !== "string") return undefined;
  return { name: v.name, title: text(v.title), description: text(v.description), type: text(v.type), isEnum: v.isEnum === true };
}

function enumField(v: unknown): EnumQueryId | undefined {
  if (!isRecord(v) || typeof v.queryId !== "string") return undefined;
  return { field: text(v.field), title: text(v.title), queryId: v.queryId };
}

function enumValues(v: unknown): EnumValues | undefined {
  if (!isRecord(v) || typeof v.queryId !== "string" || !Array.isArray(v.values)) return undefined;
  // Values are spelled as the data spells them; a number or a flag reads as its text.
  const values = listOf(v.values, (x) => (typeof x === "string" ? x : typeof x === "number" || typeof x === "boolean" ? String(x) : undefined));
  return values && { queryId: v.queryId, values };
}

const row = (v: unknown): JsonValue[] | undefined => (Array.isArray(v) ? (v as JsonValue[]) : undefined);

/** Each tool's output as the card reads it: the fields it shows, checked; the rest defaulted. */
const READERS: { readonly [N in BiTool]: (value: Record<string, unknown>) => OutputOf<N> | undefined } = {
  getCubeDescTool(v): CubeDescResult | undefined {
    const cubes = listOf(v.cubes, cubeSummary);
    return cubes && { success: true, cubes };
  },
  getCubeSchemaInfoTool(v): CubeSchemaResult | undefined {
    const measures = listOf(v.measures, measure);
    const dimensions = listOf(v.dimensions, dimension);
    if (typeof v.cube !== "string" || !measures || !dimensions) return undefined;
    return { success: true, cube: v.cube, title: text(v.title), description: text(v.description), timeDimension: optional(v.timeDimension), measures, dimensions, hint: text(v.hint) };
  },
  getCubeFieldEnumQueryIdsTool(v): EnumQueryIdsResult | undefined {
    const fields = listOf(v.fields, enumField);
    return fields && { success: true, cube: text(v.cube), fields };
  },
  getCubeEnumValuesTool(v): EnumValuesResult | undefined {
    const fields = listOf(v.fields, enumValues);
    return fields && { success: true, fields };
  },
  testQuerySqlTool(v): QueryResultOutput | undefined {
    const columns = strings(v.columns);
    const rows = listOf(v.rows, row);
    if (!columns || !rows) return undefined;
    return {
      success: true,
      columns,
      rows,
      rowCount: num(v.rowCount) ?? rows.length,
      truncated: v.truncated === true,
      generatedSql: text(v.generatedSql),
      facilities: strings(v.facilities) ?? [],
      dataAsOf: text(v.dataAsOf),
      note: optional(v.note),
    };
  },
  generateFileNameTool(v): FileNameResult | undefined {
    return typeof v.fileName === "string" ? { success: true, fileName: v.fileName } : undefined;
  },
  downloadFileTool(v): DownloadResult | undefined {
    if (typeof v.fileName !== "string" || typeof v.url !== "string") return undefined;
    return {
      success: true,
      fileName: v.fileName,
      fileId: text(v.fileId),
      url: v.url,
      mediaType: text(v.mediaType),
      size: num(v.size) ?? 0,
      rowCount: num(v.rowCount) ?? 0,
      truncated: v.truncated === true,
      generatedSql: text(v.generatedSql),
      dataAsOf: text(v.dataAsOf),
    };
  },
};

/**
 * A tool's output read by `read` (the fields the card shows, checked): a result kept as
 * a JSON string is parsed first; one that says it did not succeed is a failure.
 */
export function readOutput<T>(output: unknown, read: (value: Record<string, unknown>) => T | undefined): BiReading<T> {
  if (output === undefined || output === null) return null;
  let value = output;
  if (typeof output === "string") {
    try {
      value = JSON.parse(output);
    } catch {
      return { unreadable: true };
    }
  }
  if (!isRecord(value)) return { unreadable: true };
  if (value.success === false) return { failed: optional(value.error) ?? optional(value.message) };
  const result = read(value);
  return result === undefined ? { unreadable: true } : { result };
}

export function readBi<N extends BiTool>(tool: N, output: unknown): BiReading<OutputOf<N>> {
  return readOutput(output, READERS[tool]);
}

/** Whether a result has nothing to show ('No result data available'), per tool. */
export const IS_EMPTY: { readonly [N in BiTool]: (result: OutputOf<N>) => boolean } = {
  getCubeDescTool: (r) => r.cubes.length === 0,
  getCubeSchemaInfoTool: (r) => r.measures.length === 0 && r.dimensions.length === 0,
  getCubeFieldEnumQueryIdsTool: (r) => r.fields.length === 0,
  getCubeEnumValuesTool: (r) => r.fields.every((field) => field.values.length === 0),
  testQuerySqlTool: (r) => r.rows.length === 0,
  generateFileNameTool: (r) => r.fileName === "",
  // An export of no rows is still a file (its header row): there is something to download.
  downloadFileTool: () => false,
};

export function isEmpty<N extends BiTool>(tool: N, result: OutputOf<N>): boolean {
  return IS_EMPTY[tool](result);
}

/** The error of a failed call without an English prefix the card says in the reader's language. */
export function withoutPrefix(errorText: string): string {
  return errorText.replace(/^BI Tool failed:\s*/i, "").trim();
}

/** The tools' inputs as the card shows them, read tolerantly: the model may still be writing them. */
export type BiParameters = {
  cubeName?: string;
  queryIds?: string[];
  description?: string;
  fileName?: string;
  /** The export's format, as its extension in capitals (XLSX, CSV). */
  format?: string;
  sql?: string;
  purpose?: string;
};

export function parametersOf(input: unknown): BiParameters {
  if (!isRecord(input)) return {};
  const queryIds = Array.isArray(input.queryIds) ? input.queryIds.filter((id): id is string => typeof id === "string" && id !== "") : undefined;
  return {
    cubeName: optional(input.cubeName),
    queryIds: queryIds && queryIds.length > 0 ? queryIds : undefined,
    description: optional(input.description),
    fileName: optional(input.fileName),
    format: optional(input.format)?.toUpperCase(),
    sql: optional(input.sql),
    purpose: optional(input.purpose),
  };
}
