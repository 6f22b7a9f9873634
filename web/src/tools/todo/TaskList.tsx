import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { IconProps } from "../../components/icons";
import type { TodoStatus } from "../../generated/tools/todo/TodoStatus";
import { CompletedIcon, FailedIcon, InProgressIcon, PendingIcon } from "./icons";
import { TODO_LIST_MAX_HEIGHT_PX } from "./limits";
import { type ListView, type TaskView, progressOf } from "./todo";

const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";

/** Each status's colour and icon (spec 001 §4): grey waits, blue runs, green is done, red failed. */
const STATUS_LOOK: Record<TodoStatus, { tone: string; Icon: ComponentType<IconProps> }> = {
  pending: { tone: "bg-slate-100 text-slate-700", Icon: PendingIcon },
  in_progress: { tone: "bg-sky-100 text-sky-800", Icon: InProgressIcon },
  completed: { tone: "bg-emerald-100 text-emerald-800", Icon: CompletedIcon },
  failed: { tone: "bg-red-100 text-red-800", Icon: FailedIcon },
};

/** A task's status as a badge of its own colour and icon. */
export function StatusBadge({ status }: { status: TodoStatus }) {
  const { t } = useTranslation();
  const { tone, Icon } = STATUS_LOOK[status];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`} data-testid="todo-status" data-status={status}>
      <Icon className="size-3.5" />
      {t(`todo.status.${status}`)}
    </span>
  );
}

/** "2 of 4 completed". */
export function Progress({ tasks }: { tasks: readonly TaskView[] }) {
  const { t } = useTranslation();
  const { done, total } = progressOf(tasks);
  return (
    <span className="text-xs font-medium text-slate-600 tabular-nums" data-testid="todo-progress">
      {t("todo.progress", { done, total })}
    </span>
  );
}

/**
 * A plan (spec 001 §2.17): its overall goal, the current task, the message, how far it
 * has come, and its tasks — each with its status, agent, dependencies, output and error —
 * in a list that scrolls at 200 px (§9), the current task highlighted.
 */
export function TaskList({ list }: { list: ListView }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-2" aria-label={t("todo.plan")} data-testid="todo-list">
      {list.goal && (
        <div>
          <h4 className={LABEL}>{t("todo.goal")}</h4>
          <p className="text-sm font-medium text-slate-900" data-testid="todo-goal">
            {list.goal}
          </p>
        </div>
      )}
      {list.current && (
        <p className="flex flex-wrap items-baseline gap-x-2 rounded-md bg-sky-50 px-3 py-1.5 text-sm text-sky-900" data-testid="todo-current">
          <span className={LABEL}>{t("todo.current")}</span>
          <span className="font-medium">{list.current.description || list.current.id}</span>
        </p>
      )}
      {list.message && (
        <p className="text-sm text-slate-600" data-testid="todo-message">
          {list.message}
        </p>
      )}
      <div className="flex items-baseline justify-between gap-2">
        <h4 className={LABEL}>{t("todo.tasks")}</h4>
        {list.tasks.length > 0 && <Progress tasks={list.tasks} />}
      </div>
      {list.tasks.length === 0 ? (
        <p className="text-sm text-slate-500">{t("todo.noTasks")}</p>
      ) : (
        <ol
          className="divide-y divide-slate-100 rounded-md border border-slate-200"
          style={{ maxHeight: TODO_LIST_MAX_HEIGHT_PX, overflow: "auto" }}
          aria-label={t("todo.tasks")}
          data-testid="todo-tasks"
        >
          {list.tasks.map((task) => (
            <TaskRow key={task.id} task={task} current={task.id === list.current?.id} />
          ))}
        </ol>
      )}
    </section>
  );
}

function TaskRow({ task, current }: { task: TaskView; current: boolean }) {
  const { t } = useTranslation();
  return (
    <li
      className={`space-y-1 px-3 py-2 text-sm ${current ? "bg-sky-50 shadow-[inset_3px_0_0] shadow-sky-500" : ""}`}
      aria-current={current ? "step" : undefined}
      data-testid="todo-task"
      data-task={task.id}
    >
      <div className="flex items-start gap-2">
        <span className="mt-0.5 w-5 shrink-0 text-xs text-slate-400 tabular-nums">{task.id}</span>
        <span className={`min-w-0 flex-1 break-words ${task.status === "completed" ? "text-slate-500" : "text-slate-900"} ${current ? "font-medium" : ""}`} data-testid="todo-description">
          {task.description}
        </span>
        <StatusBadge status={task.status} />
      </div>
      {(task.agent || task.dependencies.length > 0) && (
        <div className="flex flex-wrap gap-x-3 gap-y-1 pl-7 text-xs text-slate-500">
          {task.agent && (
            <span title={t("todo.agent")} className="rounded bg-violet-50 px-1.5 py-0.5 font-medium text-violet-800" data-testid="todo-agent">
              {task.agent}
            </span>
          )}
          {task.dependencies.length > 0 && <span data-testid="todo-dependencies">{t("todo.after", { ids: task.dependencies.join(", ") })}</span>}
        </div>
      )}
      {task.output && <Detail label={t("todo.output")} text={task.output} tone="text-slate-700" testId="todo-output" />}
      {task.error && <Detail label={t("todo.error")} text={task.error} tone="text-red-700" testId="todo-error" />}
    </li>
  );
}

function Detail({ label, text, tone, testId }: { label: string; text: string; tone: string; testId: string }) {
  return (
    <p className={`pl-7 text-xs break-words whitespace-pre-wrap ${tone}`} data-testid={testId}>
      <span className="font-medium">{label}: </span>
      {text}
    </p>
  );
}
