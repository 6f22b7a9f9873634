import type { Strings } from "./en";

/** The knowledge family's strings in Japanese. */
const ja: Strings = {
  title: "ナレッジベース：{{question}}",
  titleAnywhere: "ナレッジベース",
  running: "ナレッジベースを検索しています…",
  results_one: "{{count}} 件の抜粋",
  results_other: "{{count}} 件の抜粋",
  none: "この質問に該当するドキュメントは見つかりませんでした",
  question: "質問",
  bases: "ナレッジベース",
  searched: "検索したナレッジベース",
  searchedNone: "検索できるナレッジベースがありません",
  id: "ID：{{id}}",
  scope: {
    company: "会社",
    personal: "個人",
  },
  documents: "参照ドキュメント",
  open: "開く",
  openLabel: "{{name}} をファイルビューアーで開く",
  page: "{{n}} ページ",
  passages: "抜粋",
  score: "スコア {{score}}",
  scoreHint: "質問への答えとしての適合度（0〜1）",
  showMore: "さらに表示",
  showLess: "折りたたむ",
  semantic: "語句と意味で順位付け",
  lexical: "語句で順位付け",
};
export default ja;
