import type { ApiError } from "../generated/ApiError";

/**
 * How a failed chat request is shown (spec 000 §8): a 401 or "unauthorized" ends the
 * session; a request that never reached the server is a send failure; anything else with
 * a message is "Error: {message}"; the rest is an unknown error.
 */
export type ChatErrorView =
  | { kind: "unauthorized" }
  | { kind: "sendFailed" }
  | { kind: "message"; message: string }
  | { kind: "unknown" };

/** The HTTP status: the SDK's errors carry `statusCode`, our API client's `status`. */
function statusOf(error: Error): number | undefined {
  const status: unknown = "statusCode" in error ? error.statusCode : "status" in error ? error.status : undefined;
  return typeof status === "number" ? status : undefined;
}

/** The server answers errors as `{code, message}`; the SDK hands us that body as the message. */
function readableMessage(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null && "message" in body) {
      const { message } = body as Pick<ApiError, "message">;
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // Not JSON: the text is the message.
  }
  return text;
}

export function describeChatError(error: unknown): ChatErrorView {
  if (!(error instanceof Error)) return { kind: "unknown" };
  const status = statusOf(error);
  if (status === 401 || /\b401\b|unauthori[sz]ed/i.test(error.message)) return { kind: "unauthorized" };
  if (error instanceof TypeError) return { kind: "sendFailed" };
  const message = readableMessage(error.message).trim();
  return message ? { kind: "message", message } : { kind: "unknown" };
}
