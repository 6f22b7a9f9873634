import { describe, expect, it, vi } from "vitest";
import { UPLOAD_PATH, uploadFailure, uploadFile } from "./upload";

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("uploading through the file service", () => {
  it("posts the file as multipart field `file`, named in the query, and answers its view link", async () => {
    const fetchImpl = vi.fn(async () => answer(200, { success: true, msg: "ok", data: { id: "f1", size: 4, non_expire_view_url: "/api/file-app/v1/file/view/t/a b.pdf" } }));
    const uploaded = await uploadFile(new File(["%PDF"], "a b.pdf"), fetchImpl);
    expect(uploaded).toEqual({ url: "/api/file-app/v1/file/view/t/a b.pdf", id: "f1", size: 4 });
    const [path, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(`${UPLOAD_PATH}?filename=a%20b.pdf`);
    expect(init.method).toBe("POST");
    expect((init.body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("rejects with the service's message, or the status", async () => {
    await expect(uploadFile(new File(["x"], "a"), async () => answer(200, { success: false, msg: "Quota exceeded" }))).rejects.toThrow("Quota exceeded");
    await expect(uploadFile(new File(["x"], "a"), async () => answer(413, { code: "too_large", message: "File too large" }))).rejects.toThrow("File too large");
    await expect(uploadFile(new File(["x"], "a"), async () => new Response("<html>", { status: 502 }))).rejects.toThrow("Upload failed: 502");
  });

  it("tells its caller the service's words or the status, without a prefix of its own", async () => {
    const failure = (fetchImpl: () => Promise<Response>) => uploadFile(new File(["x"], "a"), fetchImpl).then(() => null, uploadFailure);
    expect(await failure(async () => new Response("<html>", { status: 502 }))).toEqual({ status: 502 });
    expect(await failure(async () => answer(200, { success: false, msg: "Quota exceeded" }))).toEqual({ reason: "Quota exceeded" });
    expect(await failure(async () => Promise.reject(new TypeError("Failed to fetch")))).toEqual({ reason: "Failed to fetch" });
  });
});
