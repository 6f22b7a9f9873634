import { type Artifact, artifactOf } from "../../artifacts/store";
import { isRecord } from "../../chat/types";
import { type FileDisplayProps, fileDisplayPropsOf } from "../../files/types";
import { str } from "../text";

/** What displayFileTool answered (spec 001 §3: `fileData.props`, and the artifact to open). */
export type DisplayedFile =
  | { kind: "file"; props: FileDisplayProps; artifact: Artifact }
  /** The result reports a failure; `message` is its own words, if it has any. */
  | { kind: "failed"; message: string | undefined };

/** Reads the tool's result; null while there is none. */
export function readDisplayedFile(output: unknown): DisplayedFile | null {
  if (output === undefined || output === null) return null;
  if (!isRecord(output)) return { kind: "failed", message: str(output) };
  const message = str(output.error) || str(output.message) || undefined;
  if (output.success === false) return { kind: "failed", message };
  const fromArtifact = artifactOf(output);
  const props = fileDisplayPropsOf(isRecord(output.fileData) ? output.fileData.props : undefined) ?? fileDisplayPropsOf(fromArtifact?.props);
  if (!props) return { kind: "failed", message };
  const artifact: Artifact =
    fromArtifact && fromArtifact.type === "file-display"
      ? fromArtifact
      : { id: `file-${props.fileId}`, type: "file-display", title: props.fileName, props };
  return { kind: "file", props, artifact };
}
