import { useEffect, useMemo } from "react";
import type { DashboardPage } from "../generated/bi/DashboardPage";
import type { TileData } from "../generated/bi/TileData";
import type { LanguageCode } from "../i18n/languages";
import { Page, type PageContext } from "./context";
import { formatInstant, formatsFor } from "./format";
import { STRINGS, fill } from "./strings";
import { Tile } from "./Tile";

type Props = {
  /** The embedded dashboard; null when the page has none it can read. */
  page: DashboardPage | null;
  language: LanguageCode;
  /** When the page was opened (ms). */
  now: number;
  /** Called once everything is on the page: every tile, every chart drawn. */
  onRendered: (ok: boolean) => void;
};

/**
 * The tiles in reading order, each run of KPIs together: they share a strip, the rest the
 * grid. Each tile is as tall as its content, so opening one's details stretches no other.
 */
export type Block = { kpis: TileData[] } | { tile: TileData };

export function blocksOf(tiles: readonly TileData[]): Block[] {
  const blocks: Block[] = [];
  for (const tile of tiles) {
    const last = blocks[blocks.length - 1];
    if (tile.kind !== "kpi") blocks.push({ tile });
    else if (last && "kpis" in last) last.kpis.push(tile);
    else blocks.push({ kpis: [tile] });
  }
  return blocks;
}

/**
 * The dashboard page: a header with the dashboard's name and when it was rendered, then
 * its tiles in reading order. KPIs side by side in strips (as many a row as fit), charts
 * one a row in the side panel and two on a wide window, tables across. Without data it
 * can read, it says so.
 */
export function Dashboard({ page, language, now, onRendered }: Props) {
  const context = useMemo<PageContext>(() => ({ language, strings: STRINGS[language], formats: formatsFor(language), now }), [language, now]);
  const { strings } = context;

  // After the tiles' own layout effects: their charts are drawn by now.
  useEffect(() => {
    onRendered(page !== null);
  }, [onRendered, page]);

  if (!page) {
    return (
      <main className="grid min-h-dvh place-items-center p-6">
        <div role="alert" className="max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-xs" data-testid="dashboard-failed">
          <h1 className="text-base font-semibold text-slate-900">{strings.loadFailedTitle}</h1>
          <p className="mt-2 text-sm text-slate-600">{strings.loadFailedBody}</p>
        </div>
      </main>
    );
  }

  return (
    <Page.Provider value={context}>
      <header className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <h1 className="text-lg font-semibold tracking-tight text-slate-900 wrap-anywhere" data-testid="dashboard-name">
          {page.name}
        </h1>
        {page.renderedAt && (
          <p className="mt-0.5 text-xs text-slate-500" data-testid="dashboard-rendered-at">
            {fill(strings.renderedAt, { time: formatInstant(page.renderedAt, language) })}
          </p>
        )}
      </header>
      <main className="p-3 sm:p-6">
        <section aria-label={strings.tiles} className="grid grid-cols-1 items-start gap-3 sm:gap-4 lg:grid-cols-2" data-testid="dashboard-tiles">
          {blocksOf(page.tiles).map((block, i) =>
            "kpis" in block ? (
              <div key={i} className="col-span-full grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] items-start gap-3 sm:gap-4">
                {block.kpis.map((tile, k) => (
                  <Tile key={k} tile={tile} />
                ))}
              </div>
            ) : (
              <Tile key={i} tile={block.tile} />
            ),
          )}
        </section>
      </main>
    </Page.Provider>
  );
}
