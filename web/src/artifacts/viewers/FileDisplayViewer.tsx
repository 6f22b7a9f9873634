import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { fileDisplayPropsOf } from "../../files/types";
import { Waiting } from "./Notice";
import type { ViewerProps } from "./types";

const FileViewer = lazy(() => import("../../files/FileViewer"));

/** `file-display` artifacts: the file viewer (loaded when first needed). */
export function FileDisplayViewer({ artifact }: ViewerProps) {
  const { t } = useTranslation();
  // The panel checked fileId and fileName before choosing this viewer.
  const props = fileDisplayPropsOf(artifact.props);
  if (!props) return null;
  return (
    <Suspense fallback={<Waiting label={t("artifacts.loading")} className="h-full" />}>
      <FileViewer {...props} />
    </Suspense>
  );
}
