import { type ArtifactType, isArtifactType } from "../store";
import { BrowserAutomationViewer } from "./BrowserAutomationViewer";
import { CameraSearchViewer, CameraStreamsViewer } from "./CameraViewers";
import { FileDisplayViewer } from "./FileDisplayViewer";
import { IframeViewer } from "./IframeViewer";
import { ImageViewer } from "./ImageViewer";
import { SandboxViewer } from "./SandboxViewer";
import { familyViewerFor } from "./families";
import type { ViewerSpec } from "./types";
import { WorkspaceViewer } from "./WorkspaceViewer";

export type { ViewerSpec };

/** How each of the panel's own artifact types is shown. */
export const VIEWERS: Record<ArtifactType, ViewerSpec> = {
  iframe: { requires: [["src"]], missing: (t) => t("artifacts.missing.iframe"), View: IframeViewer },
  sandbox: { requires: [["initialUrl"], ["sessionId"]], missing: (t) => t("artifacts.missing.sandbox"), View: SandboxViewer },
  "browser-automation": { requires: [["sessionId"], ["streamUrl"], ["task"]], missing: (t) => t("artifacts.missing.browserAutomation"), View: BrowserAutomationViewer },
  workspace: { requires: [["chatId"]], missing: (t) => t("artifacts.missing.workspace"), View: WorkspaceViewer },
  "file-display": { requires: [["fileId"], ["fileName"]], missing: (t) => t("artifacts.missing.fileDisplay"), View: FileDisplayViewer },
  image: { requires: [["src"]], missing: (t) => t("artifacts.missing.image"), View: ImageViewer },
  "camera-streams": { requires: [["data", "streams"]], missing: (t) => t("artifacts.missing.cameraStreams"), View: CameraStreamsViewer },
  "camera-search": { requires: [["cameras"]], missing: (t) => t("artifacts.missing.cameraSearch"), View: CameraSearchViewer },
};

/** The one place a viewer is chosen: the panel's own types, then those of tool families. */
export function viewerFor(type: string): ViewerSpec | null {
  return isArtifactType(type) ? VIEWERS[type] : (familyViewerFor(type) ?? null);
}

const present = (value: unknown) => value !== undefined && value !== null && value !== "";

/** The required props an artifact lacks, each as its alternatives ("data or streams"). */
export function missingProps(spec: ViewerSpec, props: Record<string, unknown>): string[] {
  return spec.requires.filter((names) => !names.some((name) => present(props[name]))).map((names) => names.join(" / "));
}
