import { useTranslation } from "react-i18next";
import { CloseIcon } from "../components/icons";
import { StackIcon, TabsIcon } from "../components/moreIcons";
import { ArtifactView } from "./ArtifactView";
import { panelWidth, tabTitle } from "./layout";
import { PanelDivider } from "./PanelDivider";
import { type Artifact, type PanelMode, useArtifacts } from "./store";

/**
 * The artifacts side panel (spec 000 §2): tabbed by default (tab strip, 'Tab n of m',
 * titles cut at 15 characters) or stacked in equal heights, the toggle shown only with
 * more than one artifact; each artifact closes on its own; the newest is the active one.
 * Beside the chat it is 50 % of the space beside the sidebar (`space` px; 30 % when an
 * artifact asks for a wide layout), resizable between 25 and 75 % but never so wide that
 * the chat, or so narrow that the panel, gets narrower than its minimum; on a narrow
 * screen it covers the chat.
 */
export default function ArtifactsPanel({ overlay = false, space = 0 }: { overlay?: boolean; space?: number }) {
  const { t } = useTranslation();
  const open = useArtifacts((s) => s.open);
  const activeId = useArtifacts((s) => s.activeId);
  const mode = useArtifacts((s) => s.mode);
  const dragged = useArtifacts((s) => s.widthPercent);
  const setWidth = useArtifacts((s) => s.setWidthPercent);
  if (open.length === 0) return null;

  const width = panelWidth(open, dragged, space);
  const active = open.find((a) => a.id === activeId) ?? open[open.length - 1]!;
  const stacked = mode === "stacked" && open.length > 1;

  const panel = (
    <aside
      aria-label={t("artifacts.panel")}
      data-testid="artifacts-panel"
      data-mode={stacked ? "stacked" : "tabbed"}
      style={overlay ? undefined : { width: `${width}%` }}
      className={`@container flex min-h-0 flex-col bg-white ${overlay ? "fixed inset-0 z-30" : "h-dvh shrink-0"}`}
    >
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 pr-2 pl-1">
        {stacked ? (
          <h2 className="flex-1 truncate px-2 text-sm font-semibold text-slate-900">{t("artifacts.panel")}</h2>
        ) : (
          <TabStrip open={open} activeId={active.id} />
        )}
        {open.length > 1 && <ModeToggle mode={stacked ? "stacked" : "tabbed"} />}
        {overlay && <CloseAllButton />}
      </header>
      {stacked ? (
        <div className="flex min-h-0 flex-1 flex-col divide-y divide-slate-200">
          {open.map((a) => (
            <section key={a.id} className="flex min-h-0 flex-1 basis-0 flex-col" aria-label={a.title} data-testid="artifact-section">
              <div className="flex h-8 shrink-0 items-center gap-2 bg-slate-50 pr-1 pl-3">
                <h3 className="min-w-0 flex-1 truncate text-xs font-semibold text-slate-700" title={a.title}>
                  {a.title}
                </h3>
                <CloseButton artifact={a} />
              </div>
              <div className="min-h-0 flex-1 overflow-auto">
                <ArtifactView artifact={a} />
              </div>
            </section>
          ))}
        </div>
      ) : (
        <>
          {open.map((a) => (
            <div
              key={a.id}
              role="tabpanel"
              id={`artifact-panel-${a.id}`}
              aria-labelledby={`artifact-tab-${a.id}`}
              hidden={a.id !== active.id}
              className="min-h-0 flex-1 overflow-auto"
            >
              <ArtifactView artifact={a} />
            </div>
          ))}
          <footer className="flex h-8 shrink-0 items-center justify-end border-t border-slate-200 px-3 text-xs text-slate-500" data-testid="artifacts-footer">
            {t("artifacts.footer", { n: open.indexOf(active) + 1, m: open.length })}
          </footer>
        </>
      )}
    </aside>
  );

  if (overlay) return panel;
  return (
    <>
      <PanelDivider width={width} space={space} onChange={setWidth} />
      {panel}
    </>
  );
}

function TabStrip({ open, activeId }: { open: Artifact[]; activeId: string }) {
  const { t } = useTranslation();
  const setActive = useArtifacts((s) => s.setActive);
  return (
    <div role="tablist" aria-label={t("artifacts.panel")} className="flex min-w-0 flex-1 items-end gap-1 self-stretch overflow-x-auto pt-2">
      {open.map((a) => {
        const selected = a.id === activeId;
        return (
          <div
            key={a.id}
            className={`flex max-w-48 min-w-16 shrink items-center rounded-t-lg border border-b-0 text-sm ${
              selected ? "border-slate-200 bg-white font-medium text-slate-900 shadow-[0_1px_0_white]" : "border-transparent text-slate-500 hover:bg-slate-50 hover:text-slate-800"
            }`}
          >
            <button
              type="button"
              role="tab"
              id={`artifact-tab-${a.id}`}
              aria-selected={selected}
              aria-controls={`artifact-panel-${a.id}`}
              title={a.title}
              onClick={() => setActive(a.id)}
              className="min-w-0 truncate py-2 pr-1 pl-3"
              data-testid="artifact-tab"
            >
              {tabTitle(a.title)}
            </button>
            <CloseButton artifact={a} />
          </div>
        );
      })}
    </div>
  );
}

function CloseButton({ artifact }: { artifact: Artifact }) {
  const { t } = useTranslation();
  const close = useArtifacts((s) => s.closeArtifact);
  return (
    <button
      type="button"
      onClick={() => close(artifact.id)}
      aria-label={t("artifacts.close", { title: artifact.title })}
      title={t("artifacts.close", { title: artifact.title })}
      className="mr-1 rounded p-1 text-slate-400 hover:bg-slate-200/70 hover:text-slate-700"
    >
      <CloseIcon className="size-3.5" />
    </button>
  );
}

function CloseAllButton() {
  const { t } = useTranslation();
  const open = useArtifacts((s) => s.open);
  const close = useArtifacts((s) => s.closeArtifact);
  return (
    <button
      type="button"
      onClick={() => open.forEach((a) => close(a.id))}
      aria-label={t("artifacts.closePanel")}
      className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
    >
      <CloseIcon className="size-4" />
    </button>
  );
}

const MODES: { mode: PanelMode; icon: typeof TabsIcon }[] = [
  { mode: "tabbed", icon: TabsIcon },
  { mode: "stacked", icon: StackIcon },
];

function ModeToggle({ mode }: { mode: PanelMode }) {
  const { t } = useTranslation();
  const setMode = useArtifacts((s) => s.setMode);
  return (
    <div role="group" aria-label={t("artifacts.layout")} className="flex shrink-0 rounded-lg bg-slate-100 p-0.5" data-testid="artifacts-mode">
      {MODES.map(({ mode: m, icon: Icon }) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => setMode(m)}
          title={t(`artifacts.${m}`)}
          className={`flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ${mode === m ? "bg-white text-slate-900 shadow-xs" : "text-slate-500 hover:text-slate-800"}`}
        >
          <Icon className="size-3.5" />
          {/* Named in words only where the panel leaves room beside its tabs. */}
          <span className="sr-only @lg:not-sr-only">{t(`artifacts.${m}`)}</span>
        </button>
      ))}
    </div>
  );
}
