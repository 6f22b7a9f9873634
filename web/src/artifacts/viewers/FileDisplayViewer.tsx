import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import type { FileDisplayProps } from "../../files/types";
import { num, str } from "../../tools/text";
import { Waiting } from "./Notice";
import type { ViewerProps } from "./types";

const FileViewer = lazy(() => import("../../files/FileViewer"));

/** The artifact's props as the file viewer takes them; the required two are checked before this runs. */
export function fileDisplayProps(props: Record<string, unknown>): FileDisplayProps {
  const bool = (v: unknown) => (typeof v === "boolean" ? v : undefined);
  return {
    fileId: str(props.fileId) ?? String(num(props.fileId) ?? ""),
    fileName: str(props.fileName) ?? "",
    mimeType: str(props.mimeType),
    size: num(props.size),
    description: str(props.description),
    downloadUrl: str(props.downloadUrl),
    previewUrl: str(props.previewUrl),
    thumbnailUrl: str(props.thumbnailUrl),
    content: str(props.content),
    base64Content: str(props.base64Content),
    fileType: str(props.fileType),
    canPreview: bool(props.canPreview),
    defaultExpanded: bool(props.defaultExpanded),
  };
}

/** `file-display` artifacts: the file viewer (loaded when first needed). */
export function FileDisplayViewer({ artifact }: ViewerProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Waiting label={t("artifacts.loading")} className="h-full" />}>
      <FileViewer {...fileDisplayProps(artifact.props)} />
    </Suspense>
  );
}
