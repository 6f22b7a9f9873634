import { describe, expect, it } from "vitest";
import { type PreviewEvent, type PreviewState, initialPreview, previewReducer } from "./preview";

const run = (events: PreviewEvent["type"][], from: PreviewState = initialPreview) => events.reduce((s, type) => previewReducer(s, { type }), from);

describe("the preview's states", () => {
  it("loads once the address answers", () => {
    expect(run(["reachable"])).toEqual({ phase: "loading" });
    expect(run(["reachable", "frameLoaded"])).toEqual({ phase: "loaded" });
  });

  it("retries up to 3 times, then fails", () => {
    expect(run(["unreachable"])).toEqual({ phase: "waiting", retry: 1 });
    expect(run(["unreachable", "waited"])).toEqual({ phase: "preparing", retry: 1 });
    expect(run(["unreachable", "waited", "unreachable", "waited", "unreachable", "waited"])).toEqual({ phase: "preparing", retry: 3 });
    expect(run(["unreachable", "waited", "unreachable", "waited", "unreachable", "waited", "unreachable"])).toEqual({ phase: "failed" });
    expect(run(["unreachable", "waited", "reachable"])).toEqual({ phase: "loading" });
  });

  it("starts over on refresh and ignores events out of turn", () => {
    expect(run(["restart"], { phase: "failed" })).toEqual(initialPreview);
    expect(run(["frameLoaded"])).toEqual(initialPreview);
    expect(run(["waited"])).toEqual(initialPreview);
    expect(run(["unreachable"], { phase: "loaded" })).toEqual({ phase: "loaded" });
  });
});
