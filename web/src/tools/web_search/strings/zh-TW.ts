import type { Strings } from "./en";

/** The web search family's strings in Traditional Chinese. */
const zhTW: Strings = {
  search: {
    title: "網頁搜尋：{{query}}",
    titleAnywhere: "網頁搜尋",
    running: "正在網路上搜尋 {{query}}…",
    runningAnywhere: "正在網路上搜尋…",
    results_one: "{{count}} 筆結果",
    results_other: "{{count}} 筆結果",
    none: "沒有結果",
    noneDetail: "搜尋沒有找到任何內容，換個說法也許能找到更多。",
    list: "搜尋結果",
    via: "結果來自 {{provider}}",
  },
  page: {
    title: "閱讀網頁：{{site}}",
    titleAnywhere: "閱讀網頁",
    running: "正在閱讀 {{site}}…",
    runningAnywhere: "正在閱讀網頁…",
    text: "網頁文字",
    empty: "這個網頁沒有可顯示的文字。",
    truncated: "已截斷",
    truncatedHint: "只讀取了網頁的開頭部分。",
    showAll: "顯示全部",
    showLess: "收合",
    redirected: "由 {{url}} 重新導向而來",
  },
  opensInNewTab: "（在新分頁中開啟）",
};

export default zhTW;
