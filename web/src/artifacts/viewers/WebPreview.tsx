import { useEffect, useReducer } from "react";
import { useTranslation } from "react-i18next";
import { safeLinkUrl } from "../../markdown/urls";
import { Spinner } from "../../components/icons";
import { ExternalLinkIcon, RefreshIcon } from "../../components/moreIcons";
import { Notice } from "./Notice";
import { PREVIEW_RETRIES, PREVIEW_RETRY_DELAY_MS, initialPreview, previewReducer, probe } from "./preview";

/**
 * What a previewed page may do: run its scripts, forms and popups — but never with
 * `allow-same-origin`, so it gets an opaque origin and cannot reach the app's storage,
 * cookies or DOM (DESIGN §8).
 */
export const FRAME_SANDBOX = "allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads";

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The port a preview address names explicitly, for the toolbar's label. */
function portOf(url: string): string | null {
  try {
    return new URL(url, window.location.origin).port || null;
  } catch {
    return null;
  }
}

/**
 * A web page in a sandboxed frame (spec 000 §2 "Preview pane"): Preparing while the address
 * is probed, Loading until the frame loads, up to 3 retries 3 s apart, refresh and open in
 * a new tab. Mount it with `key={src}` so another address starts afresh. A page of the app's
 * own (`appPage`: a dashboard) is no preview of a server: no port and no address in its bar.
 */
export function WebPreview({ src, title, appPage = false }: { src: string; title: string; appPage?: boolean }) {
  const { t } = useTranslation();
  const url = safeLinkUrl(src);
  const [state, dispatch] = useReducer(previewReducer, initialPreview);

  useEffect(() => {
    if (state.phase !== "preparing" || !url) return;
    // Only our own origin is probed (dev-server previews are served through it); the
    // page's connect-src allows nothing else, and another site's frame loads directly.
    if (!isSameOrigin(url)) {
      dispatch({ type: "reachable" });
      return;
    }
    const controller = new AbortController();
    void probe(url, controller.signal).then((ok) => {
      if (!controller.signal.aborted) dispatch({ type: ok ? "reachable" : "unreachable" });
    });
    return () => controller.abort();
  }, [state, url]);

  useEffect(() => {
    if (state.phase !== "waiting") return;
    const timer = setTimeout(() => dispatch({ type: "waited" }), PREVIEW_RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (!url) {
    return (
      <Notice tone="muted" title={t("artifacts.preview.notAvailable")}>
        {t("artifacts.preview.unsafeUrl")}
      </Notice>
    );
  }

  const port = appPage ? null : portOf(url);
  const restart = () => dispatch({ type: "restart" });
  const retrying = (state.phase === "preparing" || state.phase === "waiting") && state.retry > 0 ? state.retry : 0;
  const openInNewTab = (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <ExternalLinkIcon className="size-3.5" />
      {t("artifacts.preview.openInNewTab")}
    </a>
  );

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="web-preview" data-state={state.phase}>
      <div className="flex h-9 shrink-0 items-center gap-1 border-b border-slate-200 bg-slate-50 px-2">
        {port && (
          <span className="rounded bg-teal-50 px-1.5 py-0.5 text-[11px] font-medium text-teal-800 ring-1 ring-teal-200" data-testid="preview-port">
            {t("artifacts.preview.port", { port })}
          </span>
        )}
        {appPage ? (
          <span className="min-w-0 flex-1" />
        ) : (
          <span className="min-w-0 flex-1 truncate px-1 font-mono text-[11px] text-slate-500" title={url} data-testid="preview-address">
            {url}
          </span>
        )}
        <button
          type="button"
          onClick={restart}
          aria-label={t("artifacts.preview.refresh")}
          title={t("artifacts.preview.refresh")}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-200/60 hover:text-slate-900"
        >
          <RefreshIcon className="size-3.5" />
        </button>
        {openInNewTab}
      </div>
      <div className="relative min-h-0 flex-1 bg-white">
        {(state.phase === "loading" || state.phase === "loaded") && (
          <iframe
            src={url}
            title={title}
            sandbox={FRAME_SANDBOX}
            referrerPolicy="no-referrer"
            onLoad={() => dispatch({ type: "frameLoaded" })}
            className="size-full border-0"
          />
        )}
        {state.phase !== "loaded" && state.phase !== "failed" && (
          <div className="absolute inset-0 grid place-items-center bg-white/90" role="status">
            <div className="flex flex-col items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-5 text-teal-600" />
              <span>{state.phase === "loading" ? t("artifacts.preview.loading") : t("artifacts.preview.preparing")}</span>
              {retrying > 0 && (
                <span className="text-xs text-amber-700" data-testid="preview-retrying">
                  {t("artifacts.preview.retrying", { n: retrying, max: PREVIEW_RETRIES })}
                </span>
              )}
            </div>
          </div>
        )}
        {state.phase === "failed" && (
          <Notice tone="error" title={t("artifacts.preview.notReady")}>
            <div className="mt-3 flex justify-center gap-2">
              <button type="button" onClick={restart} className="rounded-lg bg-navy-900 px-3 py-1.5 text-xs font-medium text-white hover:bg-navy-800">
                {t("artifacts.preview.retry")}
              </button>
              {openInNewTab}
            </div>
          </Notice>
        )}
      </div>
    </div>
  );
}
