import type { Strings } from "./en";

/** The knowledge family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "知识库：{{question}}",
  titleAnywhere: "知识库",
  running: "正在检索知识库…",
  results_one: "{{count}} 个段落",
  results_other: "{{count}} 个段落",
  none: "未找到与此查询相关的文档",
  question: "问题",
  bases: "知识库",
  searched: "已检索的知识库",
  searchedNone: "没有可检索的知识库",
  id: "ID：{{id}}",
  scope: {
    company: "公司",
    personal: "个人",
  },
  documents: "引用的文档",
  open: "打开",
  openLabel: "在文件查看器中打开 {{name}}",
  page: "第 {{n}} 页",
  passages: "段落",
  score: "得分 {{score}}",
  scoreHint: "与问题的匹配程度，0 到 1",
  showMore: "显示更多",
  showLess: "收起",
  semantic: "按字词和语义排序",
  lexical: "按字词排序",
};
export default zhCN;
