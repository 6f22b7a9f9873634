import type { Strings } from "./en";

/** The web search family's strings in Japanese. */
const ja: Strings = {
  search: {
    title: "ウェブ検索：{{query}}",
    titleAnywhere: "ウェブ検索",
    running: "ウェブで {{query}} を検索しています…",
    runningAnywhere: "ウェブを検索しています…",
    results_one: "{{count}} 件の結果",
    results_other: "{{count}} 件の結果",
    none: "結果なし",
    noneDetail: "何も見つかりませんでした。別の言葉で検索すると見つかるかもしれません。",
    list: "検索結果",
    via: "{{provider}} の検索結果",
  },
  page: {
    title: "ページを読む：{{site}}",
    titleAnywhere: "ページを読む",
    running: "{{site}} を読んでいます…",
    runningAnywhere: "ページを読んでいます…",
    text: "ページの本文",
    empty: "このページには表示できるテキストがありません。",
    truncated: "省略あり",
    truncatedHint: "ページの最初の部分だけを読みました。",
    showAll: "すべて表示",
    showLess: "折りたたむ",
    redirected: "{{url}} からリダイレクトされました",
  },
  opensInNewTab: "（新しいタブで開きます）",
};

export default ja;
