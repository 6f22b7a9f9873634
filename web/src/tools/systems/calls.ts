import type { ApiCallInput } from "../../generated/tools/systems/ApiCallInput";
import type { ApiCallResult } from "../../generated/tools/systems/ApiCallResult";
import type { ApiHit } from "../../generated/tools/systems/ApiHit";
import type { ApiSearchResult } from "../../generated/tools/systems/ApiSearchResult";
import { isRecord } from "../../lib/values";

/**
 * What a card makes of its tool's output: the result, nothing yet, or why it cannot be
 * read — text that is not JSON ('JSON parsing error', spec 001 §8) or JSON of another
 * shape ('Data processing error'). The server writes the typed result; a stored chat or
 * a client that kept results as text may hold it as a JSON string, which is parsed here.
 */
export type Reading<T> = { result: T } | { unreadable: "json" | "data" } | null;

function parsed(output: unknown): { value: unknown } | { unreadable: "json" } {
  if (typeof output !== "string") return { value: output };
  try {
    return { value: JSON.parse(output) };
  } catch {
    return { unreadable: "json" };
  }
}

function isHit(value: unknown): value is ApiHit {
  return isRecord(value) && typeof value.method === "string" && typeof value.path === "string";
}

function isSearchResult(value: unknown): value is ApiSearchResult {
  return isRecord(value) && typeof value.success === "boolean" && (!value.success || (Array.isArray(value.apis) && value.apis.every(isHit)));
}

function isCallResult(value: unknown): value is ApiCallResult {
  return isRecord(value) && typeof value.success === "boolean";
}

function read<T>(output: unknown, fits: (value: unknown) => value is T): Reading<T> {
  if (output === undefined || output === null) return null;
  const p = parsed(output);
  if ("unreadable" in p) return p;
  return fits(p.value) ? { result: p.value } : { unreadable: "data" };
}

export const readSearch = (output: unknown) => read(output, isSearchResult);
export const readCall = (output: unknown) => read(output, isCallResult);

/** The result of a reading, if it has one. */
export const resultOf = <T>(reading: Reading<T>): T | undefined => (reading && "result" in reading ? reading.result : undefined);

/** The answer to show: the whole one when the assistant was given it cut. */
export function responseOf(result: ApiCallResult): unknown {
  return result.truncated && result.cardOnly ? result.cardOnly.data : result.data;
}

/** Whether an answer has anything to show ('No response data available' otherwise). */
export function hasData(data: unknown): boolean {
  return data !== undefined && data !== null && data !== "";
}

const METHOD_PATH = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S.*)$/i;

/** What a call asks for: method and path once known (or named "METHOD /path"), else the operation id. */
export type CallTarget = { method?: string; path?: string; operation?: string };

export function targetOf(operation: string | undefined, result: ApiCallResult | undefined): CallTarget {
  if (result?.method && result.path) return { method: result.method, path: result.path, operation: result.operation };
  const named = operation ? METHOD_PATH.exec(operation.trim()) : null;
  if (named) return { method: named[1]!.toUpperCase(), path: named[2], operation };
  return { operation: operation || result?.operation };
}

/** "GET /v1/orders" or the operation id. */
export function targetLabel({ method, path, operation }: CallTarget): string | undefined {
  return method && path ? `${method} ${path}` : operation;
}

/** The error of a failed call without the English prefix the server puts before it, so the card can say it in the reader's language. */
export function withoutPrefix(errorText: string): string {
  return errorText.replace(/^API (call|search) failed:\s*/i, "");
}

/** The request's parts (input, or what the result says was passed), each present or not. */
export type RequestParts = { pathParams?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

export function requestParts(input: Partial<Record<keyof ApiCallInput, unknown>> | undefined, passed: unknown): RequestParts {
  const source = isRecord(input) && (input.pathParams !== undefined || input.query !== undefined || input.body !== undefined) ? input : isRecord(passed) ? passed : {};
  const record = (value: unknown) => (isRecord(value) && Object.keys(value).length > 0 ? value : undefined);
  return {
    pathParams: record(source.pathParams),
    query: record(source.query),
    body: source.body === null ? undefined : source.body,
  };
}

/** The arguments as passed, without the parts left out (the server writes them as null). */
export function passedParameters(passed: unknown): unknown {
  if (!isRecord(passed)) return passed;
  return Object.fromEntries(Object.entries(passed).filter(([, value]) => value !== null && value !== undefined));
}
