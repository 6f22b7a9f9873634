import type { Artifact } from "../../artifacts/store";
import type { FileDisplayProps } from "../../files/types";

/**
 * A message's attachment as the side panel's file viewer shows it (a `file-display`
 * artifact, like displayFileTool's card opens).
 */

/** Where the file service serves a stored file: `{VIEW_PREFIX}{token}/{name}`. */
export const VIEW_PREFIX = "/api/file-app/v1/file/view/";

/** A file part of a message, as the bubble reads it. */
export type AttachmentFile = {
  url: string;
  name: string;
  mediaType: string;
  /** Bytes, when the part says (our uploads carry it) or the URL holds the file. */
  size?: number;
  /** The file service's id, when the part says. */
  fileId?: string;
};

/**
 * The capability token of one of our view links (a path here, or a URL on this origin);
 * null for anything else. The server's `FileService::token_in` reads links the same way.
 */
export function viewTokenOf(url: string, origin: string = window.location.origin): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || !parsed.pathname.startsWith(VIEW_PREFIX)) return null;
  const token = parsed.pathname.slice(VIEW_PREFIX.length).split("/")[0];
  return token ? token : null;
}

type DataUrl = { mediaType: string; base64: boolean; data: string };

function parseDataUrl(url: string): DataUrl | null {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/is.exec(url);
  if (!match) return null;
  return { mediaType: match[1]!.split(";")[0]!.trim(), base64: match[2] !== undefined, data: match[3]! };
}

/** The size of the bytes a data URL holds, without decoding them. */
export function dataUrlSize(url: string): number | undefined {
  const parsed = parseDataUrl(url);
  if (!parsed) return undefined;
  if (!parsed.base64) {
    try {
      return new TextEncoder().encode(decodeURIComponent(parsed.data)).length;
    } catch {
      return undefined;
    }
  }
  const data = parsed.data.replace(/\s+/g, "");
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** FNV-1a: a short stable id for a URL too long to be one (a data URL). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** A link the viewer may load: http(s), a path on this site, or a blob of this page. */
function isLink(url: string): boolean {
  return /^(https?:\/\/|blob:)/i.test(url) || (url.startsWith("/") && !url.startsWith("//"));
}

function withDownload(url: string): string {
  const [path, hashPart] = url.split("#", 2) as [string, string | undefined];
  const joined = `${path}${path.includes("?") ? "&" : "?"}download=1`;
  return hashPart === undefined ? joined : `${joined}#${hashPart}`;
}

/**
 * The artifact that opens an attachment in the file viewer:
 * - one of our uploads: its view link to preview, `?download=1` to download;
 * - a data URL (an upload that failed and went inline): its bytes, handed over inline;
 * - any other http(s) link or path: the link itself, which the viewer tries (images
 *   load; text loads when that site allows it) and offers to download otherwise;
 * - anything else: no link at all, so the viewer shows the download card without one.
 */
export function attachmentArtifact(file: AttachmentFile, origin: string = window.location.origin): Artifact {
  const base: FileDisplayProps = { fileId: "", fileName: file.name, mimeType: file.mediaType };
  if (file.size !== undefined) base.size = file.size;
  const token = viewTokenOf(file.url, origin);
  let props: FileDisplayProps;
  if (token) {
    props = { ...base, fileId: file.fileId ?? token, previewUrl: file.url, downloadUrl: withDownload(file.url) };
  } else if (file.url.startsWith("data:")) {
    const data = parseDataUrl(file.url);
    props = { ...base, fileId: `inline-${hash(file.url)}` };
    // The part's own type wins unless it says little ("image/*" from an image_url part).
    if (data?.mediaType && (!/^[^/]+\/[^*]+$/.test(file.mediaType) || file.mediaType === "application/octet-stream")) props.mimeType = data.mediaType;
    if (data?.base64) props.base64Content = data.data;
    else if (data) {
      try {
        props.content = decodeURIComponent(data.data);
      } catch {
        // Not text we can read: the viewer offers nothing to show, and says so.
      }
    }
  } else if (isLink(file.url)) {
    props = { ...base, fileId: `link-${hash(file.url)}`, previewUrl: file.url, downloadUrl: file.url };
  } else {
    props = { ...base, fileId: `link-${hash(file.url)}` };
  }
  return { id: `attachment-${props.fileId}`, type: "file-display", title: file.name, props };
}
