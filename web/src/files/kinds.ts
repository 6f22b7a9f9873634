import type { FileDisplayProps } from "./types";

/** How the viewer shows a file (spec 000 §2 "File viewer"); `download` is the fallback card. */
export type ViewerKind = "image" | "video" | "pdf" | "markdown" | "html" | "csv" | "code" | "text" | "download";

/** Kinds whose preview is the file's text, fetched and bounded. */
export const TEXT_KINDS = ["markdown", "html", "csv", "code", "text"] as const satisfies readonly ViewerKind[];
export type TextKind = (typeof TEXT_KINDS)[number];

export function isTextKind(kind: ViewerKind): kind is TextKind {
  return (TEXT_KINDS as readonly ViewerKind[]).includes(kind);
}

/**
 * Extensions of source files, each with the name the highlighter knows it by (or
 * undefined, to let it guess).
 */
const CODE_LANGUAGES: Record<string, string | undefined> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  tsx: "typescript",
  py: "python",
  rs: "rust",
  go: "go",
  java: "java",
  cs: "csharp",
  json: "json",
  css: "css",
  sql: "sql",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  yaml: "yaml",
  yml: "yaml",
  toml: "ini",
  ini: "ini",
  xml: "xml",
  diff: "diff",
  patch: "diff",
  c: undefined,
  h: undefined,
  cpp: undefined,
  kt: undefined,
  rb: undefined,
  php: undefined,
  swift: undefined,
  scala: undefined,
};

/** Media types of source text that do not start with `text/`. */
const CODE_MEDIA_TYPES: Record<string, string> = {
  "application/json": "json",
  "application/javascript": "javascript",
  "application/x-javascript": "javascript",
  "application/typescript": "typescript",
  "application/sql": "sql",
  "application/x-sh": "bash",
  "application/xml": "xml",
  "application/yaml": "yaml",
  "application/x-yaml": "yaml",
  "application/toml": "ini",
};

const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "svg", "ico"]);
const VIDEO_EXTENSIONS = new Set(["mp4", "webm", "mov", "m4v", "ogv"]);
const TEXT_EXTENSIONS = new Set(["txt", "log", "text", "tsv", "env"]);

/** The server's names for the kinds (`fileType`), used when the media type says nothing. */
const FILE_TYPES: Record<string, ViewerKind> = {
  image: "image",
  video: "video",
  pdf: "pdf",
  markdown: "markdown",
  html: "html",
  csv: "csv",
  code: "code",
  text: "text",
};

/** The lower-case extension of a file name, without the dot; "" when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

function baseMediaType(mimeType: string | undefined): string {
  return (mimeType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Which viewer a file gets: by media type, then by extension (uploads are often
 * `application/octet-stream`), then by the server's `fileType`. A file the server says
 * cannot be previewed gets the download card.
 */
export function viewerKindOf(file: Pick<FileDisplayProps, "fileName" | "mimeType" | "fileType" | "canPreview">): ViewerKind {
  if (file.canPreview === false) return "download";
  const type = baseMediaType(file.mimeType);
  const ext = extensionOf(file.fileName);
  if (type.startsWith("image/")) return "image";
  // `.ts` guesses as an MPEG transport stream; here it is far more likely TypeScript.
  if (type.startsWith("video/") && !Object.hasOwn(CODE_LANGUAGES, ext)) return "video";
  if (type === "application/pdf" || ext === "pdf") return "pdf";
  if (type === "text/markdown" || ext === "md" || ext === "markdown") return "markdown";
  if (type === "text/html" || ext === "html" || ext === "htm") return "html";
  if (type === "text/csv" || ext === "csv") return "csv";
  if (Object.hasOwn(CODE_LANGUAGES, ext) || Object.hasOwn(CODE_MEDIA_TYPES, type)) return "code";
  if (type.startsWith("text/") || TEXT_EXTENSIONS.has(ext)) return "text";
  if (isGeneric(type) && IMAGE_EXTENSIONS.has(ext)) return "image";
  if (isGeneric(type) && VIDEO_EXTENSIONS.has(ext)) return "video";
  return (file.fileType && FILE_TYPES[file.fileType]) || "download";
}

/** A media type that tells nothing about the content. */
function isGeneric(type: string): boolean {
  return type === "" || type === "application/octet-stream" || type === "binary/octet-stream";
}

/** The highlighter's name for a source file's language; undefined to let it guess. */
export function codeLanguageOf(file: Pick<FileDisplayProps, "fileName" | "mimeType">): string | undefined {
  const ext = extensionOf(file.fileName);
  if (Object.hasOwn(CODE_LANGUAGES, ext)) return CODE_LANGUAGES[ext];
  return CODE_MEDIA_TYPES[baseMediaType(file.mimeType)];
}

/**
 * The spec's file type classes (002 §9), for the icon a file gets on cards and
 * attachments; `other` is anything outside them. Which viewer opens a file is
 * `viewerKindOf`'s business: markdown, HTML, CSV and video have viewers of their own.
 */
export const FILE_CLASSES = ["image", "video", "audio", "pdf", "excel", "word", "powerpoint", "archive", "code", "text", "other"] as const;
export type FileClass = (typeof FILE_CLASSES)[number];

/** The classes the spec calls previewable (002 §9); each has a viewer. */
export const PREVIEWABLE_CLASSES = ["image", "pdf", "text", "code"] as const satisfies readonly FileClass[];

const CLASS_EXTENSIONS: Partial<Record<FileClass, ReadonlySet<string>>> = {
  audio: new Set(["mp3", "wav", "ogg", "oga", "m4a", "aac", "flac", "opus", "weba"]),
  excel: new Set(["xls", "xlsx", "xlsm", "ods", "csv"]),
  word: new Set(["doc", "docx", "odt", "rtf"]),
  powerpoint: new Set(["ppt", "pptx", "odp"]),
  archive: new Set(["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz"]),
};

const CLASS_MEDIA_TYPES: Record<string, FileClass> = {
  "application/vnd.ms-excel": "excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "excel",
  "application/vnd.oasis.opendocument.spreadsheet": "excel",
  "text/csv": "excel",
  "application/msword": "word",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "word",
  "application/vnd.oasis.opendocument.text": "word",
  "application/rtf": "word",
  "application/vnd.ms-powerpoint": "powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "powerpoint",
  "application/vnd.oasis.opendocument.presentation": "powerpoint",
  "application/zip": "archive",
  "application/x-zip-compressed": "archive",
  "application/x-7z-compressed": "archive",
  "application/vnd.rar": "archive",
  "application/x-rar-compressed": "archive",
  "application/x-tar": "archive",
  "application/gzip": "archive",
  "application/x-gzip": "archive",
};

const hasExtension = (kind: FileClass, ext: string) => CLASS_EXTENSIONS[kind]?.has(ext) ?? false;

/** The spec class of a file, by its media type, then its extension. */
export function fileClassOf(file: Pick<FileDisplayProps, "fileName" | "mimeType">): FileClass {
  const type = baseMediaType(file.mimeType);
  const ext = extensionOf(file.fileName);
  const generic = isGeneric(type);
  if (CLASS_MEDIA_TYPES[type]) return CLASS_MEDIA_TYPES[type];
  for (const kind of ["excel", "word", "powerpoint", "archive"] as const) if (hasExtension(kind, ext)) return kind;
  if (type.startsWith("image/") || (generic && IMAGE_EXTENSIONS.has(ext))) return "image";
  if (type.startsWith("audio/") || hasExtension("audio", ext)) return "audio";
  if ((type.startsWith("video/") && !Object.hasOwn(CODE_LANGUAGES, ext)) || (generic && VIDEO_EXTENSIONS.has(ext))) return "video";
  if (type === "application/pdf" || ext === "pdf") return "pdf";
  const kind = viewerKindOf({ fileName: file.fileName, mimeType: file.mimeType });
  if (kind === "code" || kind === "html") return "code";
  if (kind === "markdown" || kind === "text") return "text";
  return "other";
}
