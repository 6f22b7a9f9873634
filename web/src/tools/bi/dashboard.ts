import type { Artifact } from "../../artifacts/store";
import type { TileKind } from "../../generated/bi/TileKind";
import type { DashboardResult } from "../../generated/tools/bi/DashboardResult";
import type { TileSummary } from "../../generated/tools/bi/TileSummary";
import { isRecord, num, str } from "../../lib/values";
import type { InputOf } from "../types";
import { type BiReading, listOf, readOutput } from "./bi";

const KINDS = { kpi: true, line: true, bar: true, stackedBar: true, table: true } as const satisfies Record<TileKind, true>;
const isTileKind = (value: unknown): value is TileKind => typeof value === "string" && Object.hasOwn(KINDS, value);

function tileSummary(v: unknown): TileSummary | undefined {
  if (!isRecord(v) || typeof v.title !== "string" || !isTileKind(v.kind)) return undefined;
  return { title: v.title, kind: v.kind, rowCount: num(v.rowCount) ?? 0, error: str(v.error) ?? null };
}

/**
 * biDashboardTool's output as the card reads it: the tiles (each a title and a kind it
 * knows) and the page's link — the artifact's `src`, else the result's `url` — must be
 * there; the rest is defaulted. The artifact is always an iframe of that link.
 */
export function readDashboard(output: unknown): BiReading<DashboardResult> {
  return readOutput(output, (v) => {
    const tiles = listOf(v.tiles, tileSummary);
    const artifact = isRecord(v.artifact) ? v.artifact : {};
    const src = (isRecord(artifact.props) ? str(artifact.props.src) : undefined) || str(v.url);
    if (!tiles || !src) return undefined;
    const name = str(v.dashboard_name) ?? "";
    const dashboardId = str(v.dashboardId) ?? "";
    return {
      success: true,
      dashboard_name: name,
      dashboardId,
      url: str(v.url) || src,
      tiles,
      artifact: { id: str(artifact.id) || `dashboard-${dashboardId || src}`, type: "iframe", title: str(artifact.title) || name, props: { src } },
    };
  });
}

/** The name the model gave the dashboard it asks for, while the call runs (the input may be partial). */
export function askedName(input: InputOf<"biDashboardTool"> | undefined): string | undefined {
  return input?.params?.[0]?.dashboard_name || undefined;
}

/** The tiles the model asks for (title and kind, as far as it has written them), to show while the dashboard is built. */
export function askedTiles(input: InputOf<"biDashboardTool"> | undefined): { title: string; kind: TileKind | undefined }[] {
  return (input?.params?.[0]?.tiles ?? []).flatMap((tile) => (tile?.title ? [{ title: tile.title, kind: isTileKind(tile.kind) ? tile.kind : undefined }] : []));
}

/**
 * A link to the dashboard page in the reader's language (`?lang=`): the page is served
 * on its own, without the app's choice of language, and in the side panel's sandboxed
 * frame it cannot read one from storage.
 */
export function withLanguage(src: string, language: string): string {
  const url = new URL(src, "http://waybill.invalid");
  url.searchParams.set("lang", language);
  return url.origin === "http://waybill.invalid" ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** The artifact the card opens: the dashboard page, in the reader's language, titled by the dashboard. */
export function dashboardArtifact(result: DashboardResult, title: string, language: string): Artifact {
  return { id: result.artifact.id, type: "iframe", title, props: { src: withLanguage(result.artifact.props.src ?? result.url, language), page: "dashboard" } };
}
