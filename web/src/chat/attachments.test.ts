import { describe, expect, it, vi } from "vitest";
import {
  INLINE_FALLBACK_MAX_BYTES,
  MAX_FILE_BYTES,
  UPLOAD_PATH,
  prepareAttachments,
  splitBySize,
} from "./attachments";

const fileOf = (name: string, type: string, size = 4) => new File([new Uint8Array(size)], name, { type });
/** A stand-in with a size we do not want to allocate. */
const sized = (name: string, size: number) => ({ name, size });

const uploaded = (name: string) =>
  new Response(JSON.stringify({ success: true, msg: "ok", data: { id: `id-${name}`, filename: name, size: 4, non_expire_view_url: `/api/file-app/v1/file/view/tok/${name}` } }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });

describe("attachment limits", () => {
  it("refuses files over 100 MB (104857600 bytes), each on its own", () => {
    expect(MAX_FILE_BYTES).toBe(104_857_600);
    const { accepted, tooLarge } = splitBySize([sized("ok.pdf", MAX_FILE_BYTES), sized("big.mov", MAX_FILE_BYTES + 1), sized("huge.zip", 101 * 1024 * 1024)]);
    expect(accepted.map((f) => f.name)).toEqual(["ok.pdf"]);
    expect(tooLarge.map((f) => f.name)).toEqual(["big.mov", "huge.zip"]);
  });
});

describe("preparing attachments", () => {
  it("uploads every file and sends the view links as file parts, with each file's id and size", async () => {
    const fetchImpl = vi.fn(async (input: string) => uploaded(new URL(input, "http://x").searchParams.get("filename")!));
    const { parts, failed } = await prepareAttachments([fileOf("dock.png", "image/png"), fileOf("manifest.pdf", "application/pdf"), fileOf("loads.csv", "text/csv")], fetchImpl);

    expect(failed).toBe(0);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(fetchImpl.mock.calls[0]![0]).toBe(`${UPLOAD_PATH}?filename=dock.png`);
    const body = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get("file")).toBeInstanceOf(File);
    expect(parts).toEqual([
      { type: "file", url: "/api/file-app/v1/file/view/tok/dock.png", mediaType: "image/png", filename: "dock.png", providerMetadata: { waybill: { fileId: "id-dock.png", size: 4 } } },
      { type: "file", url: "/api/file-app/v1/file/view/tok/manifest.pdf", mediaType: "application/pdf", filename: "manifest.pdf", providerMetadata: { waybill: { fileId: "id-manifest.pdf", size: 4 } } },
      { type: "file", url: "/api/file-app/v1/file/view/tok/loads.csv", mediaType: "text/csv", filename: "loads.csv", providerMetadata: { waybill: { fileId: "id-loads.csv", size: 4 } } },
    ]);
  });

  it("falls back to a data URL for a small image or PDF whose upload failed, and drops other files", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ code: "not_found", message: "no" }), { status: 404 }));
    const { parts, failed } = await prepareAttachments([fileOf("dock.png", "image/png"), fileOf("manifest.pdf", "application/pdf"), fileOf("loads.csv", "text/csv")], fetchImpl);

    expect(failed).toBe(3);
    expect(parts.map((p) => [p.filename, p.mediaType, p.url.slice(0, 22)])).toEqual([
      ["dock.png", "image/png", "data:image/png;base64,"],
      ["manifest.pdf", "application/pdf", "data:application/pdf;b"],
    ]);
  });

  it("counts success: false as a failure, and does not inline images of 4 MB or more", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: false, msg: "quota" }), { status: 200 }));
    const big = fileOf("yard.jpg", "image/jpeg", INLINE_FALLBACK_MAX_BYTES);
    const { parts, failed } = await prepareAttachments([big], fetchImpl);
    expect(failed).toBe(1);
    expect(parts).toEqual([]);
  });

  it("survives the network failing", async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const { parts, failed } = await prepareAttachments([fileOf("a.txt", "text/plain")], fetchImpl);
    expect({ parts, failed }).toEqual({ parts: [], failed: 1 });
  });
});
