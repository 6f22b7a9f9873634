import { useTranslation } from "react-i18next";
import { FileIcon } from "../../components/icons";
import { isImage } from "../attachments";
import { ExternalImage } from "../markdown/ExternalImage";
import { isAutoLoadableImage, safeLinkUrl } from "../markdown/urls";

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

/** A file part: an image shown inline (when it is ours to show), any other file as a chip. */
export function FileAttachment({ url, filename, mediaType }: { url: string; filename: string | undefined; mediaType: string }) {
  const { t } = useTranslation();
  const name = nameOf(url, filename) || t("message.attachment");
  if (isImage(mediaType)) {
    if (!isAutoLoadableImage(url)) return <ExternalImage src={url} alt={name} />;
    return (
      <img
        src={url}
        alt={name}
        loading="lazy"
        className="max-h-64 max-w-full rounded-lg border border-black/5 object-contain"
        data-testid="attachment-image"
      />
    );
  }
  const href = url.startsWith("data:") ? null : safeLinkUrl(url);
  const chip = (
    <>
      <span className="grid size-8 shrink-0 place-items-center rounded-md bg-teal-50 text-teal-700">
        <FileIcon className="size-4" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium">{name}</span>
        <span className="block truncate text-xs opacity-70">{mediaType}</span>
      </span>
    </>
  );
  const className =
    "flex max-w-64 items-center gap-2 rounded-lg border border-slate-200 bg-white px-2.5 py-2 text-sm text-slate-800";
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${className} hover:border-teal-300`} data-testid="attachment-file" aria-label={t("message.openAttachment", { name })}>
      {chip}
    </a>
  ) : (
    <span className={className} data-testid="attachment-file">
      {chip}
    </span>
  );
}
