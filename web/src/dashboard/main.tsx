import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./dashboard.css";
import { embeddedDashboard } from "./data";
import { Dashboard } from "./Dashboard";
import { pageLanguage } from "./language";
import { STRINGS } from "./strings";

/**
 * The standalone dashboard page (`/d/{token}`, a second entry of the build): the server
 * embeds the dashboard's data in it, and it renders once, in one pass, with no request
 * of its own. It needs no session and keeps nothing: in the chat's side panel it runs in
 * a sandboxed frame with an opaque origin (no cookies, no storage).
 */
const language = pageLanguage(window.location.search, navigator.languages ?? [navigator.language]);
document.documentElement.lang = language;
const page = embeddedDashboard(document);
document.title = page ? page.name : STRINGS[language].loadFailedTitle;

let marked = false;
/** Says the page is drawn, once, for tests and the benchmark: `html[data-rendered]` and a performance mark. */
function rendered(ok: boolean) {
  if (marked) return;
  marked = true;
  document.documentElement.dataset.rendered = ok ? "true" : "failed";
  performance.mark("dashboard-rendered");
}

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");
createRoot(root).render(
  <StrictMode>
    <Dashboard page={page} language={language} now={Date.now()} onRendered={rendered} />
  </StrictMode>,
);
