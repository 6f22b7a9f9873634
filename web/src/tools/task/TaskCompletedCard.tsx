import { useTranslation } from "react-i18next";
import { Markdown } from "../../markdown/Markdown";
import { cut } from "../../lib/text";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { FlagCheckIcon } from "./icons";

/** Characters of the message in the card's header (spec 001 §9). */
export const TASK_MESSAGE_CHARS = 60;

/**
 * taskCompleted (spec 001 §2.18): the message cut to 60 characters; expanded, the whole
 * message as markdown. With no message, 'Task completed successfully'.
 */
export function TaskCompletedCard({ invocation }: ToolCardProps<"taskCompleted">) {
  const { t } = useTranslation();
  const message = invocation.output?.message?.trim() || invocation.input?.message?.trim() || t("task.defaultMessage");
  return (
    <ToolCardShell
      invocation={invocation}
      icon={<FlagCheckIcon className="size-4.5" />}
      accent="emerald"
      title={cut(message, TASK_MESSAGE_CHARS)}
      runningLabel={t("task.running")}
      summary={t("task.label")}
    >
      <div className="text-sm" data-testid="task-message">
        <Markdown text={message} />
      </div>
    </ToolCardShell>
  );
}
