import type { Strings } from "./en";

/** The todo family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: {
    create: "新的待辦清單",
    get: "待辦清單",
    update: "更新任務 {{id}}",
    updatePlain: "更新任務",
  },
  running: {
    create: "正在制定計畫…",
    get: "正在讀取計畫…",
    update: "正在更新任務…",
  },
  taskError: "任務錯誤",
  taskUpdateError: "任務更新錯誤",
  noTodoList: "還沒有待辦清單",
  noTodoListDetail: "此對話還沒有計畫。當請求需要多個步驟時，助理會制定計畫。",
  goal: "總體目標",
  current: "目前任務",
  progress: "已完成 {{done}}/{{total}}",
  tasks: "任務",
  noTasks: "計畫中沒有任務",
  status: {
    pending: "待處理",
    in_progress: "進行中",
    completed: "已完成",
    failed: "失敗",
  },
  agent: "代理",
  after: "相依：{{ids}}",
  output: "輸出",
  error: "錯誤",
  change: "{{before}} → {{after}}",
  plan: "計畫",
  asked: "請求：任務 {{id}} → {{status}}",
};

export default zhTW;

