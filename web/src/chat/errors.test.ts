import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../api/client";
import { describeChatError, isConflict } from "./errors";

class CallError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

describe("chat errors", () => {
  it("logs out on a 401 or an 'unauthorized' error", () => {
    expect(describeChatError(new CallError('{"code":"unauthorized","message":"Sign in again"}', 401))).toEqual({ kind: "unauthorized" });
    expect(describeChatError(new Error("stream failed: Unauthorized"))).toEqual({ kind: "unauthorized" });
  });

  it("reads the server's {code, message} body", () => {
    expect(describeChatError(new CallError('{"code":"conflict","message":"This message has already been answered"}', 409))).toEqual({
      kind: "message",
      message: "This message has already been answered",
    });
    expect(describeChatError(new Error("The model is overloaded"))).toEqual({ kind: "message", message: "The model is overloaded" });
  });

  it("reads a 429 as too many requests, with the seconds to wait when the server gives them", () => {
    const body = '{"code":"too_many_requests","message":"Too many chat requests; try again in 12 s","retryAfter":12}';
    expect(describeChatError(new CallError(body, 429))).toEqual({ kind: "tooManyRequests", retryAfter: 12 });
    expect(describeChatError(new Error(body))).toEqual({ kind: "tooManyRequests", retryAfter: 12 });
    expect(describeChatError(new CallError("Too Many Requests", 429))).toEqual({ kind: "tooManyRequests", retryAfter: null });
    expect(describeChatError(new ApiRequestError(429, "too_many_requests", "Slow down", 30))).toEqual({ kind: "tooManyRequests", retryAfter: 30 });
  });

  it("tells a conflict (the chat changed on the server) from other errors", () => {
    expect(isConflict(new CallError('{"code":"conflict","message":"The chat changed since it was loaded"}', 409))).toBe(true);
    expect(isConflict(new ApiRequestError(409, "conflict", "The chat changed since it was loaded"))).toBe(true);
    expect(isConflict(new CallError('{"code":"not_found","message":"Chat not found"}', 404))).toBe(false);
    expect(isConflict("409")).toBe(false);
  });

  it("calls a request that never reached the server a send failure, and anything else unknown", () => {
    expect(describeChatError(new TypeError("Failed to fetch"))).toEqual({ kind: "sendFailed" });
    expect(describeChatError("boom")).toEqual({ kind: "unknown" });
    expect(describeChatError(new Error(""))).toEqual({ kind: "unknown" });
  });
});
