import { authorizedFetch } from "../api/client";
import type { ApiError } from "../generated/ApiError";
import type { UploadResponse } from "../generated/UploadResponse";

/**
 * Uploads through the file service (spec 001 §3, "File-field upload result"; spec 002 §5):
 * the chat's attachments and the dynamic form's file fields both store files this way.
 */

export const UPLOAD_PATH = "/api/file-app/v1/file/upload";

/** 100 MB, per file: the chat's attachments and the desk's images alike. */
export const MAX_FILE_BYTES = 104_857_600;

export function isImage(mediaType: string): boolean {
  return mediaType.startsWith("image/");
}

/** What the upload route answers: the file service's shape, or `{code, message}` on errors. */
type UploadAnswer = Partial<UploadResponse> & Partial<ApiError>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A file the file service stored: its view link, id and size. */
export type Uploaded = { url: string; id: string | undefined; size: number | undefined };

/**
 * An upload the file service refused: its own words (`reason`) when it gave any, and the
 * HTTP status. The message is the reason, or 'Upload failed: {status}' for the logs; what
 * a user reads is said in their language by the caller (`uploadFailure`).
 */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
  ) {
    super(reason ?? `Upload failed: ${status}`);
    this.name = "UploadError";
  }
}

/**
 * What went wrong with an upload, without the 'Upload failed' its caller puts before it:
 * the service's words, its status ('HTTP 502'), or the network's error.
 */
export function uploadFailure(cause: unknown): { reason: string } | { status: number } {
  if (cause instanceof UploadError) return cause.reason ? { reason: cause.reason } : { status: cause.status };
  return { reason: cause instanceof Error ? cause.message : String(cause) };
}

/** Uploads one file; rejects with an `UploadError` (the server's message, or its status). */
export async function uploadFile(file: File, fetchImpl: FetchLike = authorizedFetch): Promise<Uploaded> {
  const form = new FormData();
  form.append("file", file, file.name);
  const res = await fetchImpl(`${UPLOAD_PATH}?filename=${encodeURIComponent(file.name)}`, { method: "POST", body: form });
  const body = (await res.json().catch(() => null)) as UploadAnswer | null;
  const url = body?.data?.non_expire_view_url;
  if (!res.ok || !body?.success || !url) throw new UploadError(res.status, body?.msg || body?.message || undefined);
  const { id, size } = body.data ?? {};
  return { url, id: typeof id === "string" ? id : undefined, size: typeof size === "number" ? size : undefined };
}
