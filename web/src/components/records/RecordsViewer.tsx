import { useTranslation } from "react-i18next";
import type { ViewerProps } from "../../artifacts/viewers/types";
import { isRecord } from "../../lib/values";
import { RecordsTable } from "./RecordsView";
import type { Row } from "./records";

/** The artifact type a card opens to show every record of a long list. */
export const RECORDS_ARTIFACT = "records";

/** `records` artifacts: every record of an answer in one sortable table that scrolls both ways. */
export function RecordsViewer({ artifact }: ViewerProps) {
  const { t } = useTranslation();
  const rows: Row[] = Array.isArray(artifact.props.records) ? artifact.props.records.filter(isRecord) : [];
  return (
    <div className="flex h-full min-h-0 flex-col gap-2 overflow-hidden p-3" data-testid="records-artifact">
      <p className="shrink-0 text-xs text-slate-600">{t("records.count", { count: rows.length })}</p>
      <div className="min-h-0 flex-1 overflow-auto">
        <RecordsTable rows={rows} testId="records-panel-table" />
      </div>
    </div>
  );
}
