import { useTranslation } from "react-i18next";
import { openArtifact } from "../../artifacts/store";
import { useFormatBytes } from "../../files/formatBytes";
import { FILE_CLASS_TONES, FileClassIcon } from "../../files/icons";
import { extensionOf, fileClassOf } from "../../files/kinds";
import { isImage } from "../attachments";
import { isAutoLoadableImage } from "../../markdown/urls";
import { attachmentArtifact } from "./attachmentArtifact";

function nameOf(url: string, filename: string | undefined): string {
  if (filename) return filename;
  if (url.startsWith("data:")) return "";
  const last = url.split(/[?#]/, 1)[0]?.split("/").pop();
  try {
    return last ? decodeURIComponent(last) : "";
  } catch {
    return last ?? "";
  }
}

/** The site an attachment comes from, when it is not this one. */
function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.host : undefined;
  } catch {
    return undefined;
  }
}

type Props = {
  /** The message the file belongs to: the panel keeps its artifacts per message. */
  messageId: string;
  url: string;
  filename: string | undefined;
  mediaType: string;
  size?: number;
  fileId?: string;
};

/**
 * A file part (spec 002 §2): an image as its thumbnail (when it is ours to show), any
 * other file as a chip with its class's icon, name, type and size. A click, or Enter,
 * opens it in the side panel's file viewer, never in a tab of its own.
 */
export function FileAttachment({ messageId, url, filename, mediaType, size, fileId }: Props) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const name = nameOf(url, filename) || t("message.attachment");
  const open = () => openArtifact(messageId, attachmentArtifact({ url, name, mediaType, size, fileId }));
  const label = t("message.openAttachment", { name });

  // An image from elsewhere is not fetched until the user opens it (tracking pixels).
  if (isImage(mediaType) && isAutoLoadableImage(url)) {
    return (
      <button
        type="button"
        onClick={open}
        aria-label={label}
        title={name}
        className="block rounded-lg focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <img
          src={url}
          alt={name}
          loading="lazy"
          className="max-h-64 max-w-full rounded-lg border border-black/5 object-contain transition hover:opacity-90"
          data-testid="attachment-image"
        />
      </button>
    );
  }
  const fileClass = fileClassOf({ fileName: name, mimeType: mediaType });
  // "XLSX" says more in a chip than "application/vnd.openxmlformats-…", which would hide the size.
  const ext = extensionOf(name);
  const kind = hostOf(url) ?? (ext ? ext.toUpperCase() : mediaType);
  return (
    <button
      type="button"
      onClick={open}
      aria-label={label}
      title={`${name} (${mediaType})`}
      className="flex max-w-64 items-center gap-2 rounded-lg border border-slate-200 bg-white px-2.5 py-2 text-left text-sm text-slate-800 hover:border-teal-300 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
      data-testid="attachment-file"
      data-file-class={fileClass}
    >
      <span className={`grid size-8 shrink-0 place-items-center rounded-md ${FILE_CLASS_TONES[fileClass]}`}>
        <FileClassIcon fileClass={fileClass} className="size-4.5" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium">{name}</span>
        <span className="flex gap-1 text-xs whitespace-nowrap opacity-70" data-testid="attachment-facts">
          <span className="truncate">{kind}</span>{" "}
          {size !== undefined && <span className="shrink-0">· {formatBytes(size)}</span>}
        </span>
      </span>
    </button>
  );
}
