import type { Strings } from "./en";

/** The todo family's strings in Japanese. */
const ja: Strings = {
  title: {
    create: "新しいToDoリスト",
    get: "ToDoリスト",
    update: "タスク {{id}} を更新",
    updatePlain: "タスクを更新",
  },
  running: {
    create: "計画を作成しています…",
    get: "計画を読み込んでいます…",
    update: "タスクを更新しています…",
  },
  taskError: "タスクエラー",
  taskUpdateError: "タスク更新エラー",
  noTodoList: "ToDoリストはまだありません",
  noTodoListDetail: "このチャットには計画がありません。依頼に複数の手順が必要なとき、アシスタントが作成します。",
  goal: "全体の目標",
  current: "現在のタスク",
  progress: "{{total}} 件中 {{done}} 件完了",
  tasks: "タスク",
  noTasks: "計画にタスクがありません",
  status: {
    pending: "未着手",
    in_progress: "進行中",
    completed: "完了",
    failed: "失敗",
  },
  agent: "エージェント",
  after: "前提: {{ids}}",
  output: "結果",
  error: "エラー",
  change: "{{before}} → {{after}}",
  plan: "計画",
  asked: "依頼: タスク {{id}} → {{status}}",
};

export default ja;

