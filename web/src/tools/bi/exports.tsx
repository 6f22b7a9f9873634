import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DownloadCard } from "../../files/viewers/DownloadCard";
import type { DownloadResult } from "../../generated/tools/bi/DownloadResult";
import type { FileNameResult } from "../../generated/tools/bi/FileNameResult";
import { safeLinkUrl } from "../../markdown/urls";
import { numberFormatter } from "./format";

/**
 * The responses of the export tools (spec 001 §2.13): the name generateFileNameTool
 * chose, and the file downloadFileTool wrote — its name, type, size and link, how many
 * rows it holds and whether the query was cut at the row limit.
 */

export function FileNameView({ result }: { result: FileNameResult }) {
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900" data-testid="bi-file-name">
      {result.fileName}
    </p>
  );
}

export function DownloadView({ result }: { result: DownloadResult }) {
  const { t, i18n } = useTranslation();
  const format = useMemo(() => numberFormatter(i18n.language), [i18n.language]);
  // The server's link, and only a link that cannot run script (a path here or http(s)).
  const href = safeLinkUrl(result.url) ?? undefined;
  const file = { fileId: result.fileId, fileName: result.fileName, mimeType: result.mediaType || undefined, size: result.size > 0 ? result.size : undefined };
  return (
    <div className="space-y-1.5">
      <DownloadCard file={file} href={href} />
      <p className={`text-xs ${result.truncated ? "text-amber-800" : "text-slate-500"}`} data-testid="bi-export-rows">
        {t(result.truncated ? "bi.export.cut" : "bi.export.rows", { n: format(result.rowCount) })}
      </p>
    </div>
  );
}
