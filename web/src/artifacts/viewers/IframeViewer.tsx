import { str } from "../../lib/values";
import type { ViewerProps } from "./types";
import { WebPreview } from "./WebPreview";

/** `iframe` artifacts: a web page, previewed in a sandboxed frame. */
export function IframeViewer({ artifact }: ViewerProps) {
  const src = str(artifact.props.src) ?? "";
  return <WebPreview key={src} src={src} title={artifact.title} />;
}
