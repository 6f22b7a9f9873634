import type { Strings } from "./en";

/** The web search family's strings in Simplified Chinese. */
const zhCN: Strings = {
  search: {
    title: "网页搜索：{{query}}",
    titleAnywhere: "网页搜索",
    running: "正在网上搜索 {{query}}…",
    runningAnywhere: "正在网上搜索…",
    results_one: "{{count}} 条结果",
    results_other: "{{count}} 条结果",
    none: "没有结果",
    noneDetail: "搜索没有找到任何内容，换个说法也许能找到更多。",
    list: "搜索结果",
    via: "结果来自 {{provider}}",
  },
  page: {
    title: "阅读网页：{{site}}",
    titleAnywhere: "阅读网页",
    running: "正在阅读 {{site}}…",
    runningAnywhere: "正在阅读网页…",
    text: "网页文字",
    empty: "这个网页没有可显示的文字。",
    truncated: "已截断",
    truncatedHint: "只读取了网页的开头部分。",
    showAll: "显示全部",
    showLess: "收起",
    redirected: "由 {{url}} 重定向而来",
  },
  opensInNewTab: "（在新标签页中打开）",
};

export default zhCN;
