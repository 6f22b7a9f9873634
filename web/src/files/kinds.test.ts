import { describe, expect, it } from "vitest";
import { codeLanguageOf, viewerKindOf } from "./kinds";

const kind = (fileName: string, mimeType?: string, extra: { fileType?: string; canPreview?: boolean } = {}) =>
  viewerKindOf({ fileName, mimeType, ...extra });

describe("which viewer a file gets", () => {
  it("goes by media type", () => {
    expect(kind("dock.png", "image/png")).toBe("image");
    expect(kind("logo.svg", "image/svg+xml")).toBe("image");
    expect(kind("gate.webm", "video/webm")).toBe("video");
    expect(kind("bol.pdf", "application/pdf")).toBe("pdf");
    expect(kind("readme", "text/markdown")).toBe("markdown");
    expect(kind("report", "text/html")).toBe("html");
    expect(kind("export", "text/csv")).toBe("csv");
    expect(kind("payload", "application/json")).toBe("code");
    expect(kind("notes", "text/plain")).toBe("text");
  });

  it("goes by extension when the media type says little", () => {
    expect(kind("notes.md", "text/plain")).toBe("markdown");
    expect(kind("page.htm", "application/octet-stream")).toBe("html");
    expect(kind("manifest.csv", "application/vnd.ms-excel")).toBe("csv");
    expect(kind("main.rs", "application/rls-services+xml")).toBe("code");
    expect(kind("app.ts", "video/mp2t")).toBe("code");
    expect(kind("picker.log")).toBe("text");
    expect(kind("scan.jpeg", "application/octet-stream")).toBe("image");
    expect(kind("clip.mp4")).toBe("video");
    expect(kind("BOL.PDF")).toBe("pdf");
  });

  it("falls back to the server's file type, then to the download card", () => {
    expect(kind("blob", undefined, { fileType: "csv" })).toBe("csv");
    expect(kind("archive.zip", "application/zip")).toBe("download");
    expect(kind("sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("download");
    expect(kind("noext")).toBe("download");
  });

  it("gives a file the server cannot preview the download card", () => {
    expect(kind("dock.png", "image/png", { canPreview: false })).toBe("download");
  });

  it("names the highlighter's language for code", () => {
    expect(codeLanguageOf({ fileName: "main.rs" })).toBe("rust");
    expect(codeLanguageOf({ fileName: "app.tsx" })).toBe("typescript");
    expect(codeLanguageOf({ fileName: "payload", mimeType: "application/json; charset=utf-8" })).toBe("json");
    expect(codeLanguageOf({ fileName: "main.cpp" })).toBeUndefined();
  });
});
