import { useMemo, useSyncExternalStore } from "react";
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

/**
 * An object URL of `blob` while the viewer is subscribed: made when it subscribes and
 * revoked when it leaves, so a viewer mounted twice (Strict Mode) gets a live URL again.
 */
function objectUrlOf(blob: Blob) {
  let url: string | null = null;
  return {
    subscribe(changed: () => void) {
      const made = URL.createObjectURL(blob);
      url = made;
      changed();
      return () => {
        URL.revokeObjectURL(made);
        if (url === made) url = null;
      };
    },
    current: () => url,
  };
}

const NOTHING = { subscribe: () => () => undefined, current: () => null };

export type FileUrl = { status: "loading" } | { status: "missing" } | { status: "ready"; url: string };

/**
 * Where the viewer reads the file's bytes from: an object URL of the inline content when
 * the tool gave it (freed when the viewer goes), else the file's preview link.
 */
export function useFileUrl(file: Inline & Pick<FileDisplayProps, "previewUrl" | "downloadUrl">): FileUrl {
  const { content, base64Content, mimeType } = file;
  const inline = content !== undefined || base64Content !== undefined;
  const blob = useMemo(() => (inline ? blobOf({ content, base64Content, mimeType }) : null), [inline, content, base64Content, mimeType]);
  const source = useMemo(() => (blob ? objectUrlOf(blob) : NOTHING), [blob]);
  const objectUrl = useSyncExternalStore(source.subscribe, source.current);

  if (inline) {
    if (!blob) return { status: "missing" };
    return objectUrl ? { status: "ready", url: objectUrl } : { status: "loading" };
  }
  const link = file.previewUrl ?? file.downloadUrl;
  return link ? { status: "ready", url: link } : { status: "missing" };
}
