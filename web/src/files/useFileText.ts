import { useEffect, useMemo, useState } from "react";
import { type FileText, decodeBase64Text, fetchFileText } from "./fileText";
import type { FileDisplayProps } from "./types";

export type FileTextState = { status: "loading" } | { status: "failed" } | ({ status: "ready" } & FileText);

type Source = Pick<FileDisplayProps, "content" | "base64Content" | "previewUrl" | "downloadUrl">;

function inlineState({ content, base64Content }: Source, limit: number): FileTextState | null {
  if (content !== undefined) {
    const truncated = content.length > limit;
    return { status: "ready", text: truncated ? content.slice(0, limit) : content, truncated };
  }
  if (base64Content === undefined) return null;
  try {
    return { status: "ready", ...decodeBase64Text(base64Content, limit) };
  } catch {
    return { status: "failed" };
  }
}

/**
 * The text of a file for its preview: the inline `content` or `base64Content` when the
 * tool gave it, else at most `limit` bytes fetched from the file's link.
 */
export function useFileText(source: Source, limit: number): FileTextState {
  const { content, base64Content } = source;
  const url = source.previewUrl ?? source.downloadUrl;
  const inline = useMemo(() => inlineState({ content, base64Content }, limit), [content, base64Content, limit]);
  const [fetched, setFetched] = useState<{ url: string; state: FileTextState } | null>(null);

  useEffect(() => {
    if (inline || !url) return;
    const abort = new AbortController();
    fetchFileText(url, limit, abort.signal).then(
      (text) => setFetched({ url, state: { status: "ready", ...text } }),
      () => {
        if (!abort.signal.aborted) setFetched({ url, state: { status: "failed" } });
      },
    );
    return () => abort.abort();
  }, [inline, url, limit]);

  if (inline) return inline;
  if (!url) return { status: "failed" };
  return fetched?.url === url ? fetched.state : { status: "loading" };
}
