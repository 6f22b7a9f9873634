import { useTranslation } from "react-i18next";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { ChecklistIcon } from "./icons";
import { TaskList } from "./TaskList";
import { type ListTool, plannedOf, progressOf, readList } from "./todo";

/**
 * createTodoList and getTodoList (spec 001 §2.17): the plan — overall goal, current task,
 * message, progress and the tasks in a list that scrolls at 200 px. getTodoList in a chat
 * without a plan says 'No todo list yet'. A call that fails, or a result with `success:
 * false`, is the 'Task Error' card with the error text.
 */
export function TodoListCard({ invocation }: ToolCardProps<ListTool>) {
  const { t } = useTranslation();
  const creating = invocation.toolName === "createTodoList";
  const list = readList(invocation.output);
  const planned = creating ? plannedOf(invocation.input) : undefined;

  let failure: string | undefined;
  if (invocation.phase === "failed") failure = invocation.errorText || t("tools.unknownError");
  else if (list?.failure !== undefined) failure = list.failure ?? t("tools.unknownError");
  const failed = failure !== undefined;

  const empty = list?.noTodoList === true && list.tasks.length === 0;
  const { done, total } = progressOf(list?.tasks ?? []);

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<ChecklistIcon className="size-4.5" />}
      accent="sky"
      title={failed ? t("todo.taskError") : creating ? t("todo.title.create") : t("todo.title.get")}
      runningLabel={creating ? t("todo.running.create") : t("todo.running.get")}
      summary={list && !empty ? [list.goal, t("todo.progress", { done, total })].filter(Boolean).join(" · ") : empty ? t("todo.noTodoList") : undefined}
      failure={failure}
      runningDetail={planned && <TaskList list={planned} />}
      defaultOpen
    >
      {empty ? <NoTodoList /> : list && <TaskList list={list} />}
    </ToolCardShell>
  );
}

function NoTodoList() {
  const { t } = useTranslation();
  return (
    <div className="rounded-md bg-slate-50 px-3 py-3 text-center" data-testid="todo-empty">
      <ChecklistIcon className="mx-auto size-6 text-slate-400" />
      <p className="mt-1 text-sm font-medium text-slate-700">{t("todo.noTodoList")}</p>
      <p className="text-xs text-slate-500">{t("todo.noTodoListDetail")}</p>
    </div>
  );
}
