import type { Strings } from "./en";

/** The delegation family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "委派给 {{agent}}",
  titlePlain: "智能体委派",
  badge: {
    preparing: "正在准备委派",
    executing: "正在执行委派",
    completed: "已完成",
    failed: "失败",
    stopped: "已停止",
  },
  domain: {
    "wms-agent": "仓库管理系统操作",
    "bi-agent": "商业智能与分析",
    "jira-agent": "问题管理与项目运营",
    "fms-agent": "货运管理系统操作",
  },
  agentId: "智能体 ID",
  instruction: "指令",
  generated: "已生成 {{n}} 个字符的内容",
  content: "内容",
  noContent: "智能体没有给出回答",
  showAll: "显示全部",
  showLess: "收起",
  toolCalls: "工具调用",
  noToolCalls: "没有调用工具",
  unknownError: "发生未知错误",
};

export default zhCN;
