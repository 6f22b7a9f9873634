import { useTranslation } from "react-i18next";
import { str } from "../../lib/values";
import { Waiting } from "./Notice";
import type { ViewerProps } from "./types";

/**
 * `browser-automation` artifacts: the task and the session. The live screenshots arrive
 * over the session's stream (a WebSocket) once browser automation is connected; until
 * then the pane says what it is waiting for.
 */
export function BrowserAutomationViewer({ artifact }: ViewerProps) {
  const { t } = useTranslation();
  const { task, sessionId, streamUrl } = artifact.props;
  return (
    <div className="flex h-full min-h-0 flex-col gap-3 p-4 text-sm" data-testid="browser-automation">
      <section>
        <h3 className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{t("artifacts.browser.task")}</h3>
        <p className="rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-800">{str(task)}</p>
      </section>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-500">{t("artifacts.browser.session")}</dt>
        <dd className="font-mono break-all text-slate-700">{str(sessionId)}</dd>
        <dt className="text-slate-500">{t("artifacts.browser.stream")}</dt>
        <dd className="font-mono break-all text-slate-700">{str(streamUrl)}</dd>
      </dl>
      <Waiting label={t("artifacts.browser.waiting")} className="min-h-40 flex-1 rounded-lg border border-dashed border-slate-300 bg-slate-50" />
    </div>
  );
}
