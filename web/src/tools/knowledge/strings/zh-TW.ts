import type { Strings } from "./en";

/** The knowledge family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "知識庫：{{question}}",
  titleAnywhere: "知識庫",
  running: "正在檢索知識庫…",
  results_one: "{{count}} 個段落",
  results_other: "{{count}} 個段落",
  none: "找不到與此查詢相關的文件",
  question: "問題",
  bases: "知識庫",
  searched: "已檢索的知識庫",
  searchedNone: "沒有可檢索的知識庫",
  id: "ID：{{id}}",
  scope: {
    company: "公司",
    personal: "個人",
  },
  documents: "引用的文件",
  open: "開啟",
  openLabel: "在檔案檢視器中開啟 {{name}}",
  page: "第 {{n}} 頁",
  passages: "段落",
  score: "分數 {{score}}",
  scoreHint: "與問題的相符程度，0 到 1",
  showMore: "顯示更多",
  showLess: "收合",
  semantic: "依字詞與語意排序",
  lexical: "依字詞排序",
};
export default zhTW;
