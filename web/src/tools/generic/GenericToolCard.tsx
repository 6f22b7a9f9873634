import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { WrenchIcon } from "../../components/icons";
import { AnswerView } from "../../components/records/RecordsView";
import { findRecords } from "../../components/records/records";
import { PARAMETERS_PREVIEW_LINES, RESULT_PREVIEW_LINES } from "../limits";
import { BoundedPre } from "../shell/BoundedPre";
import { ToolCardShell } from "../shell/ToolCardShell";
import { pretty } from "../../lib/text";
import type { ToolCardProps } from "../types";

/**
 * The card for a tool without one of its own (spec 001 §2.16): 'Invoked {tool}' and
 * 'Processing...' while it runs, 'Completed {tool}' and 'Result {tool}' after; expanded,
 * the parameters and the error or the result, each cut to its preview length; a result
 * that lists records is a table (raw JSON one click away).
 */
export function GenericToolCard({ invocation }: ToolCardProps) {
  const { t } = useTranslation();
  const { toolName: tool, phase } = invocation;
  const running = phase === "preparing" || phase === "executing";
  const listsRecords = useMemo(() => findRecords(invocation.output)?.kind === "list", [invocation.output]);
  const parameters = <BoundedPre label={t("tools.parameters")} text={pretty(invocation.input) || "{}"} maxLines={PARAMETERS_PREVIEW_LINES} />;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<WrenchIcon className="size-4" />}
      title={running ? t("tools.invoked", { tool }) : phase === "completed" ? t("tools.completed", { tool }) : tool}
      failedTitle={t("tools.failed")}
      summary={t("tools.result", { tool })}
      runningDetail={parameters}
      failureDetail={parameters}
    >
      {parameters}
      {listsRecords ? (
        <div>
          <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{t("tools.result", { tool })}</p>
          <AnswerView data={invocation.output} />
        </div>
      ) : (
        <BoundedPre
          label={t("tools.result", { tool })}
          text={invocation.output === undefined ? t("tools.noResult") : pretty(invocation.output)}
          maxLines={RESULT_PREVIEW_LINES}
        />
      )}
    </ToolCardShell>
  );
}
