import { describe, expect, it } from "vitest";
import { WHOLE_CHAT, afterWrite, loadedFrom, rangeOfHistory, withOlderPage } from "./paging";

const m = (id: string) => ({ id, role: "user", parts: [] });

describe("the loaded part of a chat", () => {
  it("starts at the first message of the newest page, and names it while older ones exist", () => {
    const range = rangeOfHistory({ messages: [m("m50"), m("m51")], hasMore: true, cursor: "m50" });
    expect(range).toEqual({ hasMore: true, oldestId: "m50" });
    expect(loadedFrom(range)).toBe("m50");
  });

  it("names nothing for a chat that is all here", () => {
    expect(loadedFrom(rangeOfHistory({ messages: [m("a"), m("b")], hasMore: false }))).toBeUndefined();
    expect(loadedFrom(WHOLE_CHAT)).toBeUndefined();
  });

  it("moves back with each older page, and stops naming once the first page is in", () => {
    let range = rangeOfHistory({ messages: [m("m100")], hasMore: true, cursor: "m100" });
    range = withOlderPage(range, { messages: [m("m50"), m("m99")], hasMore: true, cursor: "m50" });
    expect(loadedFrom(range)).toBe("m50");
    range = withOlderPage(range, { messages: [m("m0"), m("m49")], hasMore: false });
    expect(range).toEqual({ hasMore: false, oldestId: "m0" });
    expect(loadedFrom(range)).toBeUndefined();
  });

  it("keeps naming a deleted oldest message until a write has gone through, then the first message written", () => {
    const range = { hasMore: true, oldestId: "m50" };
    // The user deleted m50 here: the save still names it, so the server drops it too.
    expect(loadedFrom(range)).toBe("m50");
    expect(afterWrite(range, "m50", [m("m51"), m("m52")])).toEqual({ hasMore: true, oldestId: "m51" });
  });

  it("is left alone by a write that raced an older page, or wrote nothing", () => {
    const moved = { hasMore: true, oldestId: "m0" };
    expect(afterWrite(moved, "m50", [m("m51")])).toBe(moved);
    const range = { hasMore: true, oldestId: "m50" };
    expect(afterWrite(range, "m50", [])).toBe(range);
    expect(afterWrite(range, undefined, [m("m51")])).toBe(range);
  });
});
