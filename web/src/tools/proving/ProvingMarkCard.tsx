import { useTranslation } from "react-i18next";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { FlagIcon } from "./icons";

/**
 * provingMarkTool: changes stored data, so the user approves it first — the shell asks,
 * with the mark's label in words; once run, the card shows the mark and how many there are.
 */
export function ProvingMarkCard({ invocation }: ToolCardProps<"provingMarkTool">) {
  const { t } = useTranslation();
  const report = invocation.output;
  const label = invocation.input?.label;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<FlagIcon className="size-4" />}
      accent="amber"
      title={t("proving.mark.title")}
      approvalSummary={label ? <p className="rounded-md bg-slate-50 px-3 py-2 text-sm font-medium text-slate-900">{t("proving.mark.will", { label })}</p> : undefined}
      summary={report ? t("proving.mark.done", { label: report.label, marks: report.marks }) : undefined}
      defaultOpen
    >
      {report && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="proving-mark">
          <dt className="text-slate-500">{t("proving.mark.label")}</dt>
          <dd className="font-medium text-slate-900">{report.label}</dd>
          <dt className="text-slate-500">{t("proving.mark.marks")}</dt>
          <dd className="font-medium text-slate-900 tabular-nums" data-testid="proving-marks">
            {report.marks}
          </dd>
          <dt className="text-slate-500">{t("proving.mark.id")}</dt>
          <dd className="font-mono text-xs break-all text-slate-600">{report.markId}</dd>
        </dl>
      )}
    </ToolCardShell>
  );
}
