import { describe, expect, it } from "vitest";
import { FILE_CLASS_TONES } from "./icons";
import { FILE_CLASSES, PREVIEWABLE_CLASSES, codeLanguageOf, fileClassOf, viewerKindOf } from "./kinds";

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

describe("the spec's file classes (002 §9)", () => {
  const cls = (fileName: string, mimeType?: string) => fileClassOf({ fileName, mimeType });

  it("sorts files into image, video, audio, pdf, excel, word, powerpoint, archive, code and text", () => {
    expect(cls("dock.png", "image/png")).toBe("image");
    expect(cls("scan.jpeg", "application/octet-stream")).toBe("image");
    expect(cls("gate.webm", "video/webm")).toBe("video");
    expect(cls("app.ts", "video/mp2t")).toBe("code");
    expect(cls("call.mp3", "audio/mpeg")).toBe("audio");
    expect(cls("memo.m4a")).toBe("audio");
    expect(cls("bol.pdf", "application/pdf")).toBe("pdf");
    expect(cls("loads.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("excel");
    expect(cls("old.xls", "application/octet-stream")).toBe("excel");
    expect(cls("manifest.csv", "text/csv")).toBe("excel");
    expect(cls("export", "text/csv")).toBe("excel");
    expect(cls("sop.docx")).toBe("word");
    expect(cls("memo.doc", "application/msword")).toBe("word");
    expect(cls("review.pptx")).toBe("powerpoint");
    expect(cls("photos.zip", "application/zip")).toBe("archive");
    expect(cls("logs.tar.gz", "application/gzip")).toBe("archive");
    expect(cls("main.rs")).toBe("code");
    expect(cls("payload", "application/json")).toBe("code");
    expect(cls("yard-map.html", "text/html")).toBe("code");
    expect(cls("notes.md", "text/markdown")).toBe("text");
    expect(cls("picker.log")).toBe("text");
    expect(cls("notes", "text/plain")).toBe("text");
    expect(cls("firmware.bin", "application/octet-stream")).toBe("other");
    expect(cls("noext")).toBe("other");
  });

  it("has an icon for every class", () => {
    for (const fileClass of FILE_CLASSES) expect(FILE_CLASS_TONES[fileClass], fileClass).toBeTruthy();
  });

  it("has a viewer for every previewable class", () => {
    const samples: Record<(typeof PREVIEWABLE_CLASSES)[number], { fileName: string; mimeType: string }> = {
      image: { fileName: "dock.png", mimeType: "image/png" },
      pdf: { fileName: "bol.pdf", mimeType: "application/pdf" },
      text: { fileName: "notes.txt", mimeType: "text/plain" },
      code: { fileName: "main.rs", mimeType: "text/rust" },
    };
    for (const fileClass of PREVIEWABLE_CLASSES) {
      const sample = samples[fileClass];
      expect(fileClassOf(sample), fileClass).toBe(fileClass);
      expect(viewerKindOf(sample), fileClass).not.toBe("download");
    }
  });
});
