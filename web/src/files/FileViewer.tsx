import { type ComponentType, type LazyExoticComponent, Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { DownloadIcon } from "../components/icons";
import { CSV_PREVIEW_LIMIT, TEXT_PREVIEW_LIMIT } from "./fileText";
import { useFormatBytes } from "./formatBytes";
import { type TextKind, type ViewerKind, isTextKind, viewerKindOf } from "./kinds";
import type { FileDisplayProps } from "./types";
import { useFileText } from "./useFileText";
import { type FileUrl, useFileUrl } from "./useFileUrl";
import { DownloadCard } from "./viewers/DownloadCard";
import { DownloadLink } from "./viewers/DownloadLink";
import { ImageView } from "./viewers/ImageView";
import type { MediaViewProps } from "./viewers/media";
import { PdfView } from "./viewers/PdfView";
import { PreviewNotice } from "./viewers/PreviewNotice";
import type { TextViewProps } from "./viewers/text";
import { TextView } from "./viewers/TextView";
import { VideoView } from "./viewers/VideoView";

type MediaKind = Exclude<ViewerKind, TextKind | "download">;

const MEDIA_VIEWS: Record<MediaKind, ComponentType<MediaViewProps>> = {
  image: ImageView,
  video: VideoView,
  pdf: PdfView,
};

/** The text viewers; the heavier ones (markdown, highlighter, table) load when first used. */
const TEXT_VIEWS: Record<TextKind, ComponentType<TextViewProps> | LazyExoticComponent<ComponentType<TextViewProps>>> = {
  markdown: lazy(() => import("./viewers/MarkdownView")),
  html: lazy(() => import("./viewers/HtmlView")),
  csv: lazy(() => import("./viewers/CsvView")),
  code: lazy(() => import("./viewers/CodeView")),
  text: TextView,
};

const TEXT_LIMITS: Record<TextKind, number> = {
  markdown: TEXT_PREVIEW_LIMIT,
  html: TEXT_PREVIEW_LIMIT,
  csv: CSV_PREVIEW_LIMIT,
  code: TEXT_PREVIEW_LIMIT,
  text: TEXT_PREVIEW_LIMIT,
};

function downloadHref(file: FileDisplayProps, source: FileUrl): string | undefined {
  return file.downloadUrl ?? file.previewUrl ?? (source.status === "ready" ? source.url : undefined);
}

function Failed({ file, source }: { file: FileDisplayProps; source: FileUrl }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <PreviewNotice tone="error">{t("fileViewer.loadFailed")}</PreviewNotice>
      <DownloadCard file={file} href={downloadHref(file, source)} />
    </div>
  );
}

function TextPreview({ kind, file, source }: { kind: TextKind; file: FileDisplayProps; source: FileUrl }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const limit = TEXT_LIMITS[kind];
  const state = useFileText(file, limit);
  if (state.status === "loading") return <PreviewNotice tone="loading">{t("fileViewer.loading")}</PreviewNotice>;
  if (state.status === "failed") return <Failed file={file} source={source} />;
  const View = TEXT_VIEWS[kind];
  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      {state.truncated && <PreviewNotice tone="info">{t("fileViewer.truncated", { size: formatBytes(limit) })}</PreviewNotice>}
      {state.text === "" ? (
        <PreviewNotice tone="info">{t("fileViewer.empty")}</PreviewNotice>
      ) : (
        <Suspense fallback={<PreviewNotice tone="loading">{t("fileViewer.loading")}</PreviewNotice>}>
          <View text={state.text} truncated={state.truncated} file={file} />
        </Suspense>
      )}
    </div>
  );
}

function MediaPreview({ kind, file, source }: { kind: MediaKind; file: FileDisplayProps; source: FileUrl }) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (source.status === "loading") return <PreviewNotice tone="loading">{t("fileViewer.loading")}</PreviewNotice>;
  if (source.status === "missing" || failedUrl === source.url) return <Failed file={file} source={source} />;
  const View = MEDIA_VIEWS[kind];
  const { url } = source;
  return <View url={url} file={file} onError={() => setFailedUrl(url)} />;
}

function Header({ file, href }: { file: FileDisplayProps; href: string | undefined }) {
  const formatBytes = useFormatBytes();
  const facts = [file.mimeType, file.size === undefined ? undefined : formatBytes(file.size)].filter(Boolean).join(" · ");
  return (
    <header className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-sm font-semibold text-slate-900" title={file.fileName}>
          {file.fileName}
        </h2>
        {facts && <p className="truncate text-xs text-slate-500">{facts}</p>}
        {file.description && <p className="mt-1 text-xs text-slate-600">{file.description}</p>}
      </div>
      {href && (
        <DownloadLink file={file} href={href} className="grid size-8 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900">
          <DownloadIcon className="size-4" />
        </DownloadLink>
      )}
    </header>
  );
}

/**
 * The file viewer of the side panel (spec 000 §2, 002 §2): picks a viewer by the file's
 * type — image, video, PDF, markdown, HTML, code, CSV table, plain text — and shows any
 * other file as a download card. Content comes inline from the tool, or from the file's
 * link (a capability: fetched without the session).
 */
export default function FileViewer(props: FileDisplayProps) {
  const { t } = useTranslation();
  const kind = viewerKindOf(props);
  const source = useFileUrl(props);
  const href = downloadHref(props, source);

  let body;
  if (kind === "download") {
    body = (
      <div className="space-y-3">
        <PreviewNotice tone="info">{t("fileViewer.notSupported")}</PreviewNotice>
        <DownloadCard file={props} href={href} />
      </div>
    );
  } else if (isTextKind(kind)) {
    body = <TextPreview kind={kind} file={props} source={source} />;
  } else {
    body = <MediaPreview kind={kind} file={props} source={source} />;
  }

  return (
    <section className="flex h-full min-h-0 flex-col bg-white" aria-label={props.fileName} data-testid="file-viewer" data-kind={kind}>
      <Header file={props} href={href} />
      <div className="min-h-0 flex-1 overflow-auto p-4">{body}</div>
    </section>
  );
}
