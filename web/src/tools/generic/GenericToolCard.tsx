import { useTranslation } from "react-i18next";
import { WrenchIcon } from "../../components/icons";
import { PARAMETERS_PREVIEW_LINES, RESULT_PREVIEW_LINES } from "../limits";
import { BoundedPre } from "../shell/BoundedPre";
import { ToolCardShell } from "../shell/ToolCardShell";
import { pretty } from "../../lib/text";
import type { ToolCardProps } from "../types";

/**
 * The card for a tool without one of its own (spec 001 §2.16): 'Invoked {tool}' and
 * 'Processing...' while it runs, 'Completed {tool}' and 'Result {tool}' after; expanded,
 * the parameters and the error or the result, each cut to its preview length.
 */
export function GenericToolCard({ invocation }: ToolCardProps) {
  const { t } = useTranslation();
  const { toolName: tool, phase } = invocation;
  const running = phase === "preparing" || phase === "executing";
  const parameters = <BoundedPre label={t("tools.parameters")} text={pretty(invocation.input) || "{}"} maxLines={PARAMETERS_PREVIEW_LINES} />;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<WrenchIcon className="size-4" />}
      title={running ? t("tools.invoked", { tool }) : phase === "completed" ? t("tools.completed", { tool }) : tool}
      summary={t("tools.result", { tool })}
      runningDetail={parameters}
      failureDetail={parameters}
    >
      {parameters}
      <BoundedPre
        label={t("tools.result", { tool })}
        text={invocation.output === undefined ? t("tools.noResult") : pretty(invocation.output)}
        maxLines={RESULT_PREVIEW_LINES}
      />
    </ToolCardShell>
  );
}
