import type { FileUIPart } from "ai";
import { authorizedFetch } from "../api/client";
import { type FetchLike, MAX_FILE_BYTES, type Uploaded, isImage, uploadFile } from "../files/upload";
import { isRecord } from "./types";

export { type FetchLike, MAX_FILE_BYTES, UPLOAD_PATH, type Uploaded, isImage, uploadFile } from "../files/upload";

/**
 * Chat attachments (spec 002 §5): the size limit, how sizes read in the input bar, and
 * turning picked files into the message's file parts through the file service.
 */

/**
 * When an upload fails, an image or PDF still reaches the model inline as a data URL,
 * but only when it is small: the chat request body is limited to 10 MB, and base64 adds
 * a third. The total budget keeps several such files from overflowing it together.
 */
export const INLINE_FALLBACK_MAX_BYTES = 4 * 1024 * 1024;
export const INLINE_FALLBACK_TOTAL_BYTES = 6 * 1024 * 1024;

/** How files reached the input bar: the spec words the too-large alert differently. */
export type AttachSource = "paste" | "pick";

export function splitBySize<T extends Pick<File, "size">>(files: readonly T[]): { accepted: T[]; tooLarge: T[] } {
  const accepted: T[] = [];
  const tooLarge: T[] = [];
  for (const file of files) (file.size > MAX_FILE_BYTES ? tooLarge : accepted).push(file);
  return { accepted, tooLarge };
}

/** Images and PDFs go to the model as file parts it can read. */
export function isModelReadable(mediaType: string): boolean {
  return isImage(mediaType) || mediaType === "application/pdf";
}

export function mediaTypeOf(file: Pick<File, "type" | "name">): string {
  if (file.type) return file.type;
  return file.name.toLowerCase().endsWith(".pdf") ? "application/pdf" : "application/octet-stream";
}

/**
 * What an upload's file part carries besides the link, so the message can show the
 * size and open the file without asking the file service (the server and the model
 * ignore it; the stored message keeps it).
 */
export type AttachmentMetadata = { fileId?: string; size?: number };

function metadataOf(uploaded: Uploaded, file: File): AttachmentMetadata {
  const meta: AttachmentMetadata = { size: uploaded.size ?? file.size };
  if (uploaded.id) meta.fileId = uploaded.id;
  return meta;
}

/** Reads `providerMetadata.waybill` of a stored file part (any shape: stored chats are data). */
export function attachmentMetadataOf(part: Record<string, unknown>): AttachmentMetadata {
  const ours = isRecord(part.providerMetadata) ? part.providerMetadata.waybill : undefined;
  if (!isRecord(ours)) return {};
  const meta: AttachmentMetadata = {};
  if (typeof ours.fileId === "string" && ours.fileId) meta.fileId = ours.fileId;
  if (typeof ours.size === "number" && Number.isFinite(ours.size) && ours.size >= 0) meta.size = ours.size;
  return meta;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

export type PreparedAttachments = {
  /** The message's file parts, in the order the files were attached. */
  parts: FileUIPart[];
  /** How many files failed to upload (some of them may still be inline). */
  failed: number;
};

/**
 * Uploads every file and returns the file parts to send: the non-expiring view link for
 * each upload that worked; for a failed image or PDF under the inline limit, a data URL;
 * any other failed file is left out. The message is sent either way.
 */
export async function prepareAttachments(files: readonly File[], fetchImpl: FetchLike = authorizedFetch): Promise<PreparedAttachments> {
  const results = await Promise.allSettled(files.map((file) => uploadFile(file, fetchImpl)));
  const parts: FileUIPart[] = [];
  let failed = 0;
  let inlineBudget = INLINE_FALLBACK_TOTAL_BYTES;
  for (const [i, result] of results.entries()) {
    const file = files[i]!;
    const mediaType = mediaTypeOf(file);
    if (result.status === "fulfilled") {
      parts.push({ type: "file", url: result.value.url, mediaType, filename: file.name, providerMetadata: { waybill: metadataOf(result.value, file) } });
      continue;
    }
    failed += 1;
    if (isModelReadable(mediaType) && file.size < INLINE_FALLBACK_MAX_BYTES && file.size <= inlineBudget) {
      inlineBudget -= file.size;
      parts.push({ type: "file", url: await readAsDataUrl(file), mediaType, filename: file.name });
    }
  }
  return { parts, failed };
}
