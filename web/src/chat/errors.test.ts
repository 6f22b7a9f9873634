import { describe, expect, it } from "vitest";
import { describeChatError } from "./errors";

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

  it("calls a request that never reached the server a send failure, and anything else unknown", () => {
    expect(describeChatError(new TypeError("Failed to fetch"))).toEqual({ kind: "sendFailed" });
    expect(describeChatError("boom")).toEqual({ kind: "unknown" });
    expect(describeChatError(new Error(""))).toEqual({ kind: "unknown" });
  });
});
