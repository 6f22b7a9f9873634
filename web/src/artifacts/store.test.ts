import { beforeEach, describe, expect, it } from "vitest";
import { type Artifact, artifactOf, useArtifacts } from "./store";

const a = (id: string, extra: Partial<Artifact> = {}): Artifact => ({ id, type: "iframe", title: `Page ${id}`, props: { src: `/p/${id}` }, ...extra });
const state = () => useArtifacts.getState();

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("the artifacts store", () => {
  it("registers artifacts per message without opening them, once per id", () => {
    state().registerArtifact("m1", a("x"));
    state().registerArtifact("m1", a("x"));
    state().registerArtifact("m2", a("y"));
    expect(state().registered).toEqual({ m1: [a("x")], m2: [a("y")] });
    expect(state().open).toEqual([]);
  });

  it("makes a newly opened artifact the active one, and reopening one activates it without a duplicate", () => {
    state().openArtifact("m1", a("x"));
    state().openArtifact("m1", a("y"));
    expect(state().activeId).toBe("y");
    state().openArtifact("m1", a("x", { title: "Renamed" }));
    expect(state().open.map((o) => [o.id, o.title])).toEqual([
      ["x", "Renamed"],
      ["y", "Page y"],
    ]);
    expect(state().activeId).toBe("x");
  });

  it("closes an artifact; the neighbour becomes active, and one left goes back to tabs", () => {
    for (const id of ["x", "y", "z"]) state().openArtifact("m1", a(id));
    state().setActive("y");
    state().setMode("stacked");
    state().closeArtifact("y");
    expect(state().open.map((o) => o.id)).toEqual(["x", "z"]);
    expect(state().activeId).toBe("z");
    expect(state().mode).toBe("stacked");
    state().closeArtifact("z");
    expect(state().activeId).toBe("x");
    expect(state().mode).toBe("tabbed");
    state().closeArtifact("x");
    expect(state().activeId).toBeNull();
  });

  it("keeps each chat's panel: another chat starts empty, coming back restores it", () => {
    state().switchChat("chat-1");
    state().openArtifact("m1", a("x"));
    state().switchChat("chat-2");
    expect(state().open).toEqual([]);
    expect(state().registered).toEqual({});
    state().openArtifact("m9", a("q"));
    state().switchChat("chat-1");
    expect(state().open).toEqual([a("x")]);
    expect(state().activeId).toBe("x");
    state().switchChat("chat-2");
    expect(state().open).toEqual([a("q")]);
  });

  it("reads an artifact from a tool result", () => {
    expect(artifactOf({ artifact: { id: "f", type: "file-display", title: "a.csv", props: { fileId: "1" }, wideLayout: true } })).toEqual({
      id: "f",
      type: "file-display",
      title: "a.csv",
      props: { fileId: "1" },
      wideLayout: true,
    });
    expect(artifactOf({ artifact: { id: "f", type: "image" } })).toEqual({ id: "f", type: "image", title: "image", props: {} });
    expect(artifactOf({ artifact: { type: "image" } })).toBeNull();
    expect(artifactOf({ artifact: "x" })).toBeNull();
    expect(artifactOf(null)).toBeNull();
  });
});
