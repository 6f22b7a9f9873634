import type { Strings } from "./en";

/** The todo family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: {
    create: "新的待办清单",
    get: "待办清单",
    update: "更新任务 {{id}}",
    updatePlain: "更新任务",
  },
  running: {
    create: "正在制定计划…",
    get: "正在读取计划…",
    update: "正在更新任务…",
  },
  taskError: "任务错误",
  taskUpdateError: "任务更新错误",
  noTodoList: "还没有待办清单",
  noTodoListDetail: "此对话还没有计划。当请求需要多个步骤时，助手会制定计划。",
  goal: "总体目标",
  current: "当前任务",
  progress: "已完成 {{done}}/{{total}}",
  tasks: "任务",
  noTasks: "计划中没有任务",
  status: {
    pending: "待处理",
    in_progress: "进行中",
    completed: "已完成",
    failed: "失败",
  },
  agent: "代理",
  after: "依赖：{{ids}}",
  output: "输出",
  error: "错误",
  change: "{{before}} → {{after}}",
  plan: "计划",
  asked: "请求：任务 {{id}} → {{status}}",
};

export default zhCN;

