import { str } from "../../lib/values";
import type { ViewerProps } from "./types";
import { WebPreview } from "./WebPreview";

/**
 * Whether an iframe artifact shows a page of the app's own rather than a preview of a
 * server: a dashboard (`page: "dashboard"`, or a chat stored before that said so, by the
 * dashboards' own path `/d/{token}` on this origin).
 */
function isAppPage(page: unknown, src: string): boolean {
  if (page === "dashboard") return true;
  try {
    const url = new URL(src, window.location.origin);
    return url.origin === window.location.origin && url.pathname.startsWith("/d/");
  } catch {
    return false;
  }
}

/** `iframe` artifacts: a web page, previewed in a sandboxed frame. */
export function IframeViewer({ artifact }: ViewerProps) {
  const src = str(artifact.props.src) ?? "";
  return <WebPreview key={src} src={src} title={artifact.title} appPage={isAppPage(artifact.props.page, src)} />;
}
