import type { Strings } from "./en";

/** The memory family's strings in Traditional Chinese. */
const zhTW: Strings = {
  titles: {
    search: "記憶搜尋",
    searchFor: "記憶搜尋：{{query}}",
    save: "儲存記憶",
    delete: "刪除記憶",
  },
  running: {
    search: "正在搜尋記憶…",
    save: "正在儲存記憶…",
    delete: "正在刪除記憶…",
  },
  results: {
    search_one: "找到 {{count}} 則記憶",
    search_other: "找到 {{count}} 則記憶",
    searchNone: "找不到記憶",
    save: "記憶已儲存",
    delete: "記憶已刪除",
  },
  failed: {
    search: "搜尋記憶失敗：{{error}}",
    save: "新增記憶失敗：{{error}}",
    delete: "刪除記憶失敗：{{error}}",
  },
  query: "查詢",
  label: "找到的記憶",
  none: "找不到記憶",
  showAll: "顯示全部",
  showLess: "收合",
  score: "相關度 {{score}}",
  scoreHint: "與搜尋的相符程度，0 到 1",
  created: "儲存於 {{date}}",
  saved: "記憶已儲存",
  deleted: "記憶已刪除",
  approval: {
    savePersonal: "為你記住這則：",
    saveSystem: "為公司所有人記住這則：",
    delete: "忘記這則記憶：",
  },
  parameters: {
    content: "記憶",
    importance: "重要性",
    type: "類型",
    memoryId: "記憶 ID",
  },
  type: {
    personal: "個人",
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
    chat: "來自聊天",
    manual: "手動新增",
  },
};

export default zhTW;
