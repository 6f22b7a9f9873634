import { useTranslation } from "react-i18next";
import { ChevronRight } from "../../components/icons";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { TaskUpdateIcon } from "./icons";
import { Progress, StatusBadge, TaskList } from "./TaskList";
import { type ListView, type UpdateView, readUpdate, statusOf } from "./todo";

const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";

/**
 * updateTodoTask (spec 001 §2.17): the task's change — its description, its status before
 * → after, what it produced or why it failed — and the plan after it, folded. A call that
 * fails (a task waiting on another, an unknown id) is the 'Task Update Error' card with
 * the error text and what was asked.
 */
export function TodoUpdateCard({ invocation }: ToolCardProps<"updateTodoTask">) {
  const { t } = useTranslation();
  const update = readUpdate(invocation.output);
  const input = invocation.input;
  const id = update?.taskId ?? input?.taskId;

  let failure: string | undefined;
  if (invocation.phase === "failed") failure = invocation.errorText || t("tools.unknownError");
  else if (update?.failure !== undefined) failure = update.failure ?? t("tools.unknownError");
  const failed = failure !== undefined;

  const after = update?.after;
  const summary = after ? [after.description, t(`todo.status.${after.status}`)].filter(Boolean).join(" · ") : undefined;
  const asked =
    id && input?.status ? (
      <p className="text-sm text-slate-600" data-testid="todo-asked">
        {t("todo.asked", { id, status: t(`todo.status.${statusOf(input.status)}`) })}
      </p>
    ) : null;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<TaskUpdateIcon className="size-4.5" />}
      accent="sky"
      title={failed ? t("todo.taskUpdateError") : id ? t("todo.title.update", { id }) : t("todo.title.updatePlain")}
      runningLabel={t("todo.running.update")}
      summary={summary}
      failure={failure}
      runningDetail={asked}
      failureDetail={asked}
      defaultOpen
    >
      {update && <Change update={update} />}
      {update?.list && update.list.tasks.length > 0 && <FoldedList list={update.list} />}
    </ToolCardShell>
  );
}

/** The task, its status before → after, and its output or error. */
function Change({ update }: { update: UpdateView }) {
  const { t } = useTranslation();
  const { before, after } = update;
  const task = after ?? before;
  if (!task) return null;
  const error = after?.error;
  return (
    <section className="space-y-1.5 rounded-md bg-slate-50 px-3 py-2" data-testid="todo-change">
      <p className="text-sm font-medium break-words text-slate-900" data-testid="todo-description">
        {task.description}
      </p>
      <p className="flex flex-wrap items-center gap-1.5" aria-label={t("todo.change", { before: before ? t(`todo.status.${before.status}`) : "", after: after ? t(`todo.status.${after.status}`) : "" })} data-testid="todo-transition">
        {before && <StatusBadge status={before.status} />}
        {before && after && <span aria-hidden="true" className="text-slate-400">→</span>}
        {after && <StatusBadge status={after.status} />}
      </p>
      {update.output && (
        <p className="text-sm break-words whitespace-pre-wrap text-slate-700" data-testid="todo-output">
          <span className="font-medium">{t("todo.output")}: </span>
          {update.output}
        </p>
      )}
      {error && (
        <p className="text-sm break-words whitespace-pre-wrap text-red-700" data-testid="todo-error">
          <span className="font-medium">{t("todo.error")}: </span>
          {error}
        </p>
      )}
    </section>
  );
}

/** The plan after the update, folded under its progress. */
function FoldedList({ list }: { list: ListView }) {
  const { t } = useTranslation();
  return (
    <details className="group rounded-md border border-slate-200" data-testid="todo-plan">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-1.5 select-none hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-3.5 shrink-0 text-slate-400 transition-transform group-open:rotate-90" />
        <span className={LABEL}>{t("todo.plan")}</span>
        <span className="ml-auto">
          <Progress tasks={list.tasks} />
        </span>
      </summary>
      <div className="border-t border-slate-100 px-3 py-2">
        <TaskList list={list} />
      </div>
    </details>
  );
}
