import { useTranslation } from "react-i18next";
import { ToolCardShell } from "../shell/ToolCardShell";
import { useToolCall } from "../shell/toolCall";
import type { ToolCardProps } from "../types";
import { CounterIcon } from "./icons";
import type { CountProgress } from "./progress";

/** provingCountTool: the count as it happens, from the `data-proving-count` parts streamed for the call. */
export function ProvingCountCard({ invocation }: ToolCardProps<"provingCountTool">) {
  const { t } = useTranslation();
  const progress: CountProgress | undefined = useToolCall(invocation).data["proving-count"];
  const to = progress?.to ?? invocation.input?.to;
  const counted = invocation.output?.counted;
  const now = counted ?? progress?.at;

  const count =
    now === undefined ? null : (
      <div className="flex items-center gap-3" data-testid="proving-count">
        <span className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="count-now">
          {now}
        </span>
        {to !== undefined && to > 0 && (
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={to}
            aria-valuenow={now}
            aria-label={t("proving.count.counting", { at: now, to })}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-emerald-500 transition-[width] duration-200" style={{ width: `${Math.min(100, (now / to) * 100)}%` }} />
          </div>
        )}
      </div>
    );

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<CounterIcon className="size-4" />}
      accent="emerald"
      title={to === undefined ? t("proving.count.titlePlain") : t("proving.count.title", { to })}
      runningLabel={progress ? t("proving.count.counting", { at: progress.at, to: progress.to }) : t("proving.count.starting")}
      runningDetail={count ?? undefined}
      summary={counted === undefined ? undefined : t("proving.count.counted", { counted })}
      defaultOpen
    >
      {count}
    </ToolCardShell>
  );
}
