import { useTranslation } from "react-i18next";
import { isRecord } from "../../chat/types";
import { FlagCheckIcon } from "../../components/moreIcons";
import { Markdown } from "../../chat/markdown/Markdown";
import { TASK_MESSAGE_CHARS } from "../limits";
import { ToolCardShell } from "../shell/ToolCardShell";
import { cut, str } from "../text";
import type { ToolCardProps } from "../types";

const messageIn = (value: unknown) => (isRecord(value) ? str(value.message)?.trim() || undefined : undefined);

/**
 * taskCompleted (spec 001 §2.18): the message cut to 60 characters; expanded, the whole
 * message as markdown. With no message, 'Task completed successfully'.
 */
export function TaskCompletedCard({ invocation }: ToolCardProps) {
  const { t } = useTranslation();
  const message = messageIn(invocation.output) ?? messageIn(invocation.input) ?? t("taskCompleted.defaultMessage");
  return (
    <ToolCardShell
      invocation={invocation}
      icon={<FlagCheckIcon className="size-4.5" />}
      accent="emerald"
      title={cut(message, TASK_MESSAGE_CHARS)}
      runningLabel={t("taskCompleted.running")}
      summary={t("taskCompleted.label")}
    >
      <div className="text-sm" data-testid="task-message">
        <Markdown text={message} />
      </div>
    </ToolCardShell>
  );
}
