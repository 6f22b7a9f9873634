import type { ViewerSpec } from "./types";

/**
 * Viewers that tool families bring for artifact types of their own (their `viewers`),
 * added when the tool registry loads: before any card can open an artifact. A module of
 * its own, so the chat does not pull the panel's viewers into its chunk.
 */
const familyViewers = new Map<string, ViewerSpec>();

export function addArtifactViewers(entries: Iterable<readonly [string, ViewerSpec]>): void {
  for (const [type, spec] of entries) familyViewers.set(type, spec);
}

export function familyViewerFor(type: string): ViewerSpec | undefined {
  return familyViewers.get(type);
}
