import type { Strings } from "./en";

/** The delegation family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "委派給 {{agent}}",
  titlePlain: "代理委派",
  badge: {
    preparing: "正在準備委派",
    executing: "正在執行委派",
    completed: "已完成",
    failed: "失敗",
    stopped: "已停止",
  },
  domain: {
    "wms-agent": "倉儲管理系統作業",
    "bi-agent": "商業智慧與分析",
    "jira-agent": "問題管理與專案作業",
    "fms-agent": "貨運管理系統作業",
  },
  agentId: "代理 ID",
  instruction: "指令",
  generated: "已產生 {{n}} 個字元的內容",
  content: "內容",
  noContent: "代理沒有給出回答",
  showAll: "顯示全部",
  showLess: "收合",
  toolCalls: "工具呼叫",
  noToolCalls: "沒有呼叫工具",
  unknownError: "發生未知錯誤",
};

export default zhTW;
