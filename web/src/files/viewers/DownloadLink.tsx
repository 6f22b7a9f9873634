import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FileDisplayProps } from "../types";

/** A link that downloads the file under its own name. */
export function DownloadLink({ file, href, className, children }: { file: FileDisplayProps; href: string; className: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      download={file.fileName}
      rel="noopener noreferrer"
      aria-label={t("fileViewer.downloadFile", { name: file.fileName })}
      title={t("fileViewer.download")}
      className={className}
    >
      {children}
    </a>
  );
}
