import { type ArtifactType, isArtifactType } from "../store";
import { BrowserAutomationViewer } from "./BrowserAutomationViewer";
import { CameraSearchViewer, CameraStreamsViewer } from "./CameraViewers";
import { FileDisplayViewer } from "./FileDisplayViewer";
import { IframeViewer } from "./IframeViewer";
import { ImageViewer } from "./ImageViewer";
import { SandboxViewer } from "./SandboxViewer";
import type { Viewer } from "./types";
import { WorkspaceViewer } from "./WorkspaceViewer";

/** The catalogue key (under `artifacts.missing`) of each type's missing-property message. */
export type MissingKey = "iframe" | "sandbox" | "browserAutomation" | "workspace" | "fileDisplay" | "image" | "cameraStreams" | "cameraSearch";

export type ViewerSpec = {
  /** The props the type needs (spec 000 §2); each entry is met by any one of its names. */
  requires: readonly (readonly string[])[];
  missing: MissingKey;
  View: Viewer;
};

/** How each artifact type is shown: the one place a viewer is chosen. */
export const VIEWERS: Record<ArtifactType, ViewerSpec> = {
  iframe: { requires: [["src"]], missing: "iframe", View: IframeViewer },
  sandbox: { requires: [["initialUrl"], ["sessionId"]], missing: "sandbox", View: SandboxViewer },
  "browser-automation": { requires: [["sessionId"], ["streamUrl"], ["task"]], missing: "browserAutomation", View: BrowserAutomationViewer },
  workspace: { requires: [["chatId"]], missing: "workspace", View: WorkspaceViewer },
  "file-display": { requires: [["fileId"], ["fileName"]], missing: "fileDisplay", View: FileDisplayViewer },
  image: { requires: [["src"]], missing: "image", View: ImageViewer },
  "camera-streams": { requires: [["data", "streams"]], missing: "cameraStreams", View: CameraStreamsViewer },
  "camera-search": { requires: [["cameras"]], missing: "cameraSearch", View: CameraSearchViewer },
};

export function viewerFor(type: string): ViewerSpec | null {
  return isArtifactType(type) ? VIEWERS[type] : null;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== "";

/** The required props an artifact lacks, each as its alternatives ("data or streams"). */
export function missingProps(spec: ViewerSpec, props: Record<string, unknown>): string[] {
  return spec.requires.filter((names) => !names.some((name) => present(props[name]))).map((names) => names.join(" / "));
}
