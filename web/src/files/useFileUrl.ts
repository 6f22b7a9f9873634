import { useEffect, useState } from "react";
import { base64Bytes } from "./fileText";
import type { FileDisplayProps } from "./types";

type Inline = Pick<FileDisplayProps, "content" | "base64Content" | "mimeType">;

function blobOf({ content, base64Content, mimeType }: Inline): Blob | null {
  const type = mimeType ?? "application/octet-stream";
  if (base64Content !== undefined) {
    try {
      return new Blob([base64Bytes(base64Content)], { type });
    } catch {
      return null;
    }
  }
  return content !== undefined ? new Blob([content], { type }) : null;
}

export type FileUrl = { status: "loading" } | { status: "missing" } | { status: "ready"; url: string };

/**
 * Where the viewer reads the file's bytes from: an object URL of the inline content when
 * the tool gave it (freed when the viewer goes), else the file's preview link.
 */
export function useFileUrl(file: Inline & Pick<FileDisplayProps, "previewUrl" | "downloadUrl">): FileUrl {
  const { content, base64Content, mimeType } = file;
  const inline = content !== undefined || base64Content !== undefined;
  const [objectUrl, setObjectUrl] = useState<{ url: string | null; of: Inline } | null>(null);

  useEffect(() => {
    if (!inline) return;
    const of = { content, base64Content, mimeType };
    const blob = blobOf(of);
    const url = blob ? URL.createObjectURL(blob) : null;
    setObjectUrl({ url, of });
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [inline, content, base64Content, mimeType]);

  if (inline) {
    const of = objectUrl?.of;
    if (!objectUrl || !of || of.content !== content || of.base64Content !== base64Content || of.mimeType !== mimeType) {
      return { status: "loading" };
    }
    return objectUrl.url ? { status: "ready", url: objectUrl.url } : { status: "missing" };
  }
  const link = file.previewUrl ?? file.downloadUrl;
  return link ? { status: "ready", url: link } : { status: "missing" };
}
