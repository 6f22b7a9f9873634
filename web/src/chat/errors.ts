import { CONFLICT } from "../api/client";
import type { ApiError } from "../generated/ApiError";

/**
 * How a failed chat request is shown (spec 000 §8): a 401 or "unauthorized" ends the
 * session; a request that never reached the server is a send failure; too many requests
 * say when to try again; anything else with a message is "Error: {message}"; the rest is
 * an unknown error.
 */
export type ChatErrorView =
  | { kind: "unauthorized" }
  | { kind: "sendFailed" }
  | { kind: "tooManyRequests"; retryAfter: number | null }
  | { kind: "message"; message: string }
  | { kind: "unknown" };

const TOO_MANY_REQUESTS = "too_many_requests";

/** The HTTP status: the SDK's errors carry `statusCode`, our API client's `status`. */
function statusOf(error: Error): number | undefined {
  const status: unknown = "statusCode" in error ? error.statusCode : "status" in error ? error.status : undefined;
  return typeof status === "number" ? status : undefined;
}

/**
 * The server answers errors as `{code, message, retryAfter?}`; the SDK hands us that body
 * as the error's message, our API client as its fields.
 */
type ErrorBody = { code?: string; message?: string; retryAfter?: number };

function readBody(error: Error): ErrorBody {
  const own: { code?: string; retryAfter?: number } = {};
  if ("code" in error && typeof error.code === "string") own.code = error.code;
  if ("retryAfter" in error && typeof error.retryAfter === "number") own.retryAfter = error.retryAfter;
  try {
    const body: unknown = JSON.parse(error.message);
    if (typeof body !== "object" || body === null) return own;
    const { code, message, retryAfter } = body as Record<keyof ApiError, unknown>;
    return {
      ...own,
      ...(typeof code === "string" ? { code } : {}),
      ...(typeof message === "string" ? { message } : {}),
      ...(typeof retryAfter === "number" ? { retryAfter } : {}),
    };
  } catch {
    // Not JSON: the text is the message.
    return own;
  }
}

function readableMessage(error: Error, body: ErrorBody): string {
  return body.message?.trim() || error.message.trim();
}

export function describeChatError(error: unknown): ChatErrorView {
  if (!(error instanceof Error)) return { kind: "unknown" };
  const status = statusOf(error);
  if (status === 401 || /\b401\b|unauthori[sz]ed/i.test(error.message)) return { kind: "unauthorized" };
  if (error instanceof TypeError) return { kind: "sendFailed" };
  const body = readBody(error);
  if (status === 429 || body.code === TOO_MANY_REQUESTS) return { kind: "tooManyRequests", retryAfter: body.retryAfter ?? null };
  const message = readableMessage(error, body);
  return message ? { kind: "message", message } : { kind: "unknown" };
}

/** A 409 `conflict`: the chat changed on the server since it was loaded (or the message was answered already). */
export function isConflict(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return statusOf(error) === 409 || readBody(error).code === CONFLICT;
}
