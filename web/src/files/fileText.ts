/**
 * Reading a file's text for a preview, bounded: a preview of a 200 MB log would stall the
 * tab, so reading stops at a limit and the viewer says the rest is in the download.
 */

/** How much of a file a text preview reads. */
export const TEXT_PREVIEW_LIMIT = 5 * 1024 * 1024;
/** A table is paged, so it may read more. */
export const CSV_PREVIEW_LIMIT = 10 * 1024 * 1024;

export type FileText = {
  text: string;
  /** The file goes on past `limit` bytes. */
  truncated: boolean;
};

/** Bytes cut mid-character decode to U+FFFD at the end; the cut shows without it. */
const trimCut = (text: string) => text.replace(/\uFFFD+$/, "");

function decodeBounded(bytes: Uint8Array, limit: number): FileText {
  if (bytes.length <= limit) return { text: new TextDecoder().decode(bytes), truncated: false };
  return { text: trimCut(new TextDecoder().decode(bytes.subarray(0, limit))), truncated: true };
}

/** The bytes of base64 text; throws on text that is not base64. */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A file's text given inline in base64 (`base64Content`). */
export function decodeBase64Text(base64: string, limit: number): FileText {
  return decodeBounded(base64Bytes(base64), limit);
}

/**
 * Fetches up to `limit` bytes of a file's text. The link is a capability that works
 * without a session, so nothing of the session goes with it. Rejects on a network error
 * or a status other than 2xx.
 */
export async function fetchFileText(url: string, limit: number, signal?: AbortSignal): Promise<FileText> {
  const res = await fetch(url, { signal, credentials: "omit", referrerPolicy: "no-referrer" });
  if (!res.ok) throw new Error(`preview fetch failed: ${res.status}`);
  if (!res.body) return decodeBounded(new Uint8Array(await res.arrayBuffer()), limit);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - received;
    if (value.length > room) {
      parts.push(decoder.decode(value.subarray(0, room), { stream: true }));
      await reader.cancel().catch(() => undefined);
      return { text: trimCut(parts.join("") + decoder.decode()), truncated: true };
    }
    received += value.length;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join(""), truncated: false };
}
