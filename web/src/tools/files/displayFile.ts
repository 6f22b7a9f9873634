import { type Artifact, artifactOf } from "../../artifacts/store";
import { type FileDisplayProps, fileDisplayPropsOf } from "../../files/types";
import type { DisplayFileReport } from "../../generated/tools/files/DisplayFileReport";

/**
 * displayFileTool's result as older stored chats may hold it: a failure reported as
 * `{success: false, error | message}` (spec 001 §2.19's file-processing failure), or
 * `fileData.props` without the artifact (spec 001 §3 "Persisted file result"). This
 * server reports failures as failed calls and always sends both.
 */
type OlderFileResult = { success?: boolean; error?: string; message?: string; fileData?: { props?: unknown }; artifact?: unknown };

/** What displayFileTool answered (spec 001 §3: `fileData.props`, and the artifact to open). */
export type DisplayedFile =
  | { kind: "file"; props: FileDisplayProps; artifact: Artifact }
  /** The result reports a failure; `message` is its own words, if it has any. */
  | { kind: "failed"; message: string | undefined };

/**
 * Reads the tool's result; null while there is none. The props go through the file
 * viewer's own reader (files/types.ts), as every file-display artifact's do.
 */
export function readDisplayedFile(output: DisplayFileReport | OlderFileResult | undefined): DisplayedFile | null {
  if (!output) return null;
  const older: OlderFileResult = output;
  const message = older.error || older.message || undefined;
  if (output.success === false) return { kind: "failed", message };
  const fromArtifact = artifactOf(output);
  const props = fileDisplayPropsOf(output.fileData?.props) ?? fileDisplayPropsOf(fromArtifact?.props);
  if (!props) return { kind: "failed", message };
  const artifact: Artifact =
    fromArtifact && fromArtifact.type === "file-display"
      ? fromArtifact
      : { id: `file-${props.fileId}`, type: "file-display", title: props.fileName, props };
  return { kind: "file", props, artifact };
}
