import { isRecord } from "../lib/values";

/**
 * The props of a file-display artifact (spec 000 §3). `fileId` and `fileName` are required;
 * the rest come from the file service or the tool that showed the file.
 */
export type FileDisplayProps = {
  fileId: string;
  fileName: string;
  mimeType?: string;
  size?: number;
  description?: string;
  /** A capability link: it works without the session, so it is fetched without it. */
  downloadUrl?: string;
  previewUrl?: string;
  thumbnailUrl?: string;
  /** The file's text, when the tool hands it over instead of a link. */
  content?: string;
  /** The file's bytes in base64, likewise. */
  base64Content?: string;
  fileType?: string;
  canPreview?: boolean;
  defaultExpanded?: boolean;
};

const STRING_PROPS = [
  "mimeType",
  "description",
  "downloadUrl",
  "previewUrl",
  "thumbnailUrl",
  "content",
  "base64Content",
  "fileType",
] as const satisfies readonly (keyof FileDisplayProps)[];

/**
 * Reads file-display props from a tool result or an artifact, keeping only fields of the
 * right type; null when `fileId` or `fileName` is missing.
 */
export function fileDisplayPropsOf(value: unknown): FileDisplayProps | null {
  if (!isRecord(value)) return null;
  const { fileId, fileName, size, canPreview, defaultExpanded } = value;
  if (typeof fileName !== "string" || !fileName) return null;
  if (typeof fileId !== "string" && typeof fileId !== "number") return null;
  const props: FileDisplayProps = { fileId: String(fileId), fileName };
  for (const key of STRING_PROPS) {
    const field = value[key];
    if (typeof field === "string" && field) props[key] = field;
  }
  if (typeof size === "number" && Number.isFinite(size) && size >= 0) props.size = size;
  if (typeof canPreview === "boolean") props.canPreview = canPreview;
  if (typeof defaultExpanded === "boolean") props.defaultExpanded = defaultExpanded;
  return props;
}
