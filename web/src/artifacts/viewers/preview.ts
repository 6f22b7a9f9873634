/**
 * The web preview's life (spec 000 §4 "Preview iframe: loading, loaded, failed; up to 3
 * retries 3 s apart"): the address is probed first ("preparing"); once it answers the
 * frame loads ("loading", then "loaded"). A failed probe waits 3 s and tries again, at
 * most 3 times, then gives up ("failed") until the user retries.
 */
export const PREVIEW_RETRIES = 3;
export const PREVIEW_RETRY_DELAY_MS = 3_000;

export type PreviewState =
  | { phase: "preparing"; retry: number }
  | { phase: "waiting"; retry: number }
  | { phase: "loading" }
  | { phase: "loaded" }
  | { phase: "failed" };

export type PreviewEvent = { type: "reachable" } | { type: "unreachable" } | { type: "waited" } | { type: "frameLoaded" } | { type: "restart" };

export const initialPreview: PreviewState = { phase: "preparing", retry: 0 };

export function previewReducer(state: PreviewState, event: PreviewEvent): PreviewState {
  switch (event.type) {
    case "restart":
      return initialPreview;
    case "reachable":
      return state.phase === "preparing" ? { phase: "loading" } : state;
    case "unreachable":
      if (state.phase !== "preparing") return state;
      return state.retry < PREVIEW_RETRIES ? { phase: "waiting", retry: state.retry + 1 } : { phase: "failed" };
    case "waited":
      return state.phase === "waiting" ? { phase: "preparing", retry: state.retry } : state;
    case "frameLoaded":
      return state.phase === "loading" ? { phase: "loaded" } : state;
  }
}

/** Whether the page at `url` (on our origin) answers with a success: a proxy's 502 is "not ready". */
export async function probe(url: string, signal: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(url, { cache: "no-store", credentials: "omit", redirect: "follow", signal });
    return res.ok;
  } catch {
    return false;
  }
}
