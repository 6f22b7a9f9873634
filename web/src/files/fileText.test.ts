import { describe, expect, it } from "vitest";
import { mockFetch } from "../test/fetchMock";
import { decodeBase64Text, fetchFileText } from "./fileText";

function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined || cancelled) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, { status: 200 });
}

describe("reading a file's text for its preview", () => {
  it("reads the whole file when it is within the limit", async () => {
    mockFetch(() => streamed(["sku,qty\n", "A,1\n"]));
    await expect(fetchFileText("/api/file-app/v1/file/view/t/a.csv", 1024)).resolves.toEqual({ text: "sku,qty\nA,1\n", truncated: false });
  });

  it("stops at the limit, even inside a character, and says so", async () => {
    mockFetch(() => streamed(["0123456789", "ab€cd", "never read"]));
    // 12 bytes: the digits, "ab" and none of the three bytes of "€".
    await expect(fetchFileText("/f", 13)).resolves.toEqual({ text: "0123456789ab", truncated: true });
  });

  it("sends nothing of the session with the capability link", async () => {
    const calls = mockFetch(() => streamed(["x"]));
    await fetchFileText("/api/file-app/v1/file/view/t/a.txt", 10);
    expect(calls[0]!.headers.has("Authorization")).toBe(false);
    expect(calls[0]!.headers.has("X-Tenant-Id")).toBe(false);
  });

  it("fails on an error status", async () => {
    mockFetch(() => new Response("gone", { status: 404 }));
    await expect(fetchFileText("/f", 10)).rejects.toThrow();
  });

  it("decodes base64 content as UTF-8", () => {
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode("Größe ✓")));
    expect(decodeBase64Text(base64, 100)).toEqual({ text: "Größe ✓", truncated: false });
    expect(decodeBase64Text(base64, 3)).toEqual({ text: "Gr", truncated: true });
  });
});
