import { useState } from "react";
import { useTranslation } from "react-i18next";
import { openArtifact } from "../../artifacts/store";
import { FileIcon } from "../../components/icons";
import { useFormatBytes } from "../../files/formatBytes";
import { FILE_CLASS_TONES, FileClassIcon } from "../../files/icons";
import { fileClassOf, viewerKindOf } from "../../files/kinds";
import type { FileDisplayProps } from "../../files/types";
import { isOwnImage } from "../../lib/images";
import { cut } from "../../lib/text";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { readDisplayedFile } from "./displayFile";

/** Characters of a file's content shown in the card (spec 001 §9). */
export const FILE_PREVIEW_CHARS = 500;

/** The image to show on the card: the thumbnail, else the image itself, when it is ours. */
function thumbnailOf(file: FileDisplayProps): string | undefined {
  if (viewerKindOf(file) !== "image") return undefined;
  const url = file.thumbnailUrl ?? file.previewUrl;
  return url && isOwnImage(url) ? url : undefined;
}

function Thumbnail({ file }: { file: FileDisplayProps }) {
  const [failed, setFailed] = useState(false);
  const url = thumbnailOf(file);
  if (url && !failed) {
    return <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} className="size-14 shrink-0 rounded-md bg-slate-100 object-cover" />;
  }
  const fileClass = fileClassOf(file);
  return (
    <span className={`grid size-14 shrink-0 place-items-center rounded-md ${FILE_CLASS_TONES[fileClass]}`} data-file-class={fileClass}>
      <FileClassIcon fileClass={fileClass} className="size-7" />
    </span>
  );
}

/** "text/csv · 1.50 KB": the type and size of a file. */
function factsOf(file: FileDisplayProps, formatBytes: (bytes: number) => string): string {
  return [file.mimeType ?? file.fileType, file.size === undefined ? undefined : formatBytes(file.size)].filter(Boolean).join(" · ");
}

/**
 * displayFileTool, the persisted-file card (spec 001 §2.19): the file's name, type, size,
 * description and a preview (a thumbnail for images, the start of inline text); a click
 * opens the file in the side panel's viewer. A failure reads as a file-processing failure.
 */
export function DisplayFileCard({ invocation }: ToolCardProps<"displayFileTool">) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const result = readDisplayedFile(invocation.output);
  const asked = invocation.input?.file;

  if (result?.kind !== "file") {
    // Answered without a file to show: a failure, whatever the call's state says.
    const failed = invocation.phase === "failed" || invocation.phase === "completed";
    return (
      <ToolCardShell
        key="no-file"
        invocation={invocation}
        icon={<FileIcon className="size-4.5" />}
        accent="sky"
        title={failed ? t("files.failed") : (asked ?? t("files.preparing"))}
        runningLabel={t("files.preparing")}
        failure={invocation.phase === "completed" ? (result?.message ?? t("files.failed")) : undefined}
      />
    );
  }

  const { props: file, artifact } = result;
  const facts = factsOf(file, formatBytes);
  const content = file.content ? cut(file.content, FILE_PREVIEW_CHARS) : undefined;
  return (
    // A card of its own once the file is there, so it starts open (`defaultOpen`) even
    // when it was on the page, collapsed, while the tool ran.
    <ToolCardShell
      key="file"
      invocation={invocation}
      icon={<FileClassIcon fileClass={fileClassOf(file)} className="size-4.5" />}
      accent="sky"
      title={file.fileName}
      summary={facts || t("files.view")}
      defaultOpen={file.defaultExpanded ?? true}
    >
      <button
        type="button"
        onClick={() => openArtifact(invocation.messageId, artifact)}
        aria-label={t("files.open", { name: file.fileName })}
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-teal-400 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
        data-testid="file-card-open"
      >
        <Thumbnail file={file} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">{file.fileName}</span>
          {facts && <span className="block truncate text-xs text-slate-500">{facts}</span>}
          {file.description && <span className="mt-0.5 block text-xs break-words text-slate-600">{file.description}</span>}
        </span>
        <span className="shrink-0 text-xs font-medium text-teal-700">{t("files.view")}</span>
      </button>
      {content && (
        <pre className="max-h-40 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs whitespace-pre-wrap break-words text-slate-700" data-testid="file-card-content">
          {content}
        </pre>
      )}
    </ToolCardShell>
  );
}
