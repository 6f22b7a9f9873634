import type { Strings } from "./en";

/** The memory family's strings in Simplified Chinese. */
const zhCN: Strings = {
  titles: {
    search: "记忆搜索",
    searchFor: "记忆搜索：{{query}}",
    save: "保存记忆",
    delete: "删除记忆",
  },
  running: {
    search: "正在搜索记忆…",
    save: "正在保存记忆…",
    delete: "正在删除记忆…",
  },
  results: {
    search_one: "找到 {{count}} 条记忆",
    search_other: "找到 {{count}} 条记忆",
    searchNone: "未找到记忆",
    save: "记忆已保存",
    delete: "记忆已删除",
  },
  failed: {
    search: "搜索记忆失败：{{error}}",
    save: "添加记忆失败：{{error}}",
    delete: "删除记忆失败：{{error}}",
  },
  query: "查询",
  label: "找到的记忆",
  none: "未找到记忆",
  showAll: "显示全部",
  showLess: "收起",
  score: "相关度 {{score}}",
  scoreHint: "与搜索的匹配程度，0 到 1",
  created: "保存于 {{date}}",
  saved: "记忆已保存",
  deleted: "记忆已删除",
  approval: {
    savePersonal: "为你记住这条：",
    saveSystem: "为公司所有人记住这条：",
    delete: "忘记这条记忆：",
  },
  parameters: {
    content: "记忆",
    importance: "重要性",
    type: "类型",
    memoryId: "记忆 ID",
  },
  type: {
    personal: "个人",
    system: "公司",
  },
  importance: {
    low: "低",
    medium: "中",
    high: "高",
  },
  importanceBadge: {
    low: "重要性：低",
    medium: "重要性：中",
    high: "重要性：高",
  },
  source: {
    chat: "来自聊天",
    manual: "手动添加",
  },
};

export default zhCN;
