import { describe, expect, it } from "vitest";
import { system } from "../test/systemsServer";
import { draftOf, emptyDraft, firstProblem, inputOf, problemsOf } from "./systemDraft";

const uploaded = system("yard", "Fontana YMS", { kind: "yms", auth: { type: "oauth2", tokenUrl: "https://id.example.com/token", clientId: "waybill", scopes: ["yard.read", "yard.write"] }, specUrl: null });

describe("the system form's draft", () => {
  it("needs a name, web addresses and the document for a new system", () => {
    expect(problemsOf(emptyDraft(), null)).toEqual({ name: "required", baseUrl: "required", specUrl: "required" });
    const draft = { ...emptyDraft(), name: "WMS", baseUrl: "ftp://wms.example.com", source: "file" as const };
    expect(problemsOf(draft, null)).toEqual({ baseUrl: "url", file: "required" });
    expect(firstProblem(problemsOf(draft, null))).toBe("baseUrl");
  });

  it("asks for each sign-in's settings and, for a new system, its secret", () => {
    const base = { ...emptyDraft(), name: "WMS", baseUrl: "https://wms.example.com", specUrl: "https://wms.example.com/openapi.json" };
    expect(problemsOf({ ...base, authType: "apiKey" }, null)).toEqual({ header: "required", secret: "required" });
    expect(problemsOf({ ...base, authType: "basic" }, null)).toEqual({ username: "required", secret: "required" });
    expect(problemsOf({ ...base, authType: "oauth2", tokenUrl: "token" }, null)).toEqual({ tokenUrl: "url", clientId: "required", secret: "required" });
    expect(problemsOf({ ...base, authType: "bearer", secret: "t" }, null)).toEqual({});
  });

  it("starts from the system being changed, keeping its secret and uploaded document unless new ones are given", () => {
    const draft = draftOf(uploaded);
    expect(draft).toMatchObject({ authType: "oauth2", tokenUrl: "https://id.example.com/token", clientId: "waybill", scopes: "yard.read yard.write", secret: "", source: "file", file: null });
    expect(problemsOf(draft, uploaded)).toEqual({});
    expect(inputOf(draft)).toEqual({
      name: "Fontana YMS",
      kind: "yms",
      baseUrl: "https://yard.example.com/api",
      auth: { type: "oauth2", tokenUrl: "https://id.example.com/token", clientId: "waybill", scopes: ["yard.read", "yard.write"] },
    });
    expect(problemsOf({ ...draft, authType: "bearer" }, uploaded)).toEqual({ secret: "required" });
  });

  it("sends the secret only when one is typed, and never for a sign-in without one", () => {
    const draft = { ...draftOf(uploaded), secret: "new-secret", scopes: " a, b  c " };
    expect(inputOf(draft)).toMatchObject({ secret: "new-secret", auth: { scopes: ["a", "b", "c"] } });
    expect(inputOf({ ...draft, authType: "none" })).not.toHaveProperty("secret");
  });

  it("needs a file when a system with a document URL switches to an upload", () => {
    const withUrl = system("oms", "Ontario OMS");
    expect(problemsOf({ ...draftOf(withUrl), source: "file" }, withUrl)).toEqual({ file: "required" });
    expect(inputOf({ ...draftOf(withUrl), source: "file", file: { name: "oms.json", size: 2, text: "{}" } })).toMatchObject({ document: "{}" });
    expect(inputOf({ ...draftOf(withUrl), source: "file", file: { name: "oms.json", size: 2, text: "{}" } })).not.toHaveProperty("specUrl");
  });
});
