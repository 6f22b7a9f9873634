import type { Strings } from "./en";

/** The memory family's strings in Japanese. */
const ja: Strings = {
  titles: {
    search: "記憶の検索",
    searchFor: "記憶の検索: {{query}}",
    save: "記憶を保存",
    delete: "記憶を削除",
  },
  running: {
    search: "記憶を検索しています…",
    save: "記憶を保存しています…",
    delete: "記憶を削除しています…",
  },
  results: {
    search_one: "{{count}} 件の記憶が見つかりました",
    search_other: "{{count}} 件の記憶が見つかりました",
    searchNone: "記憶が見つかりませんでした",
    save: "記憶を保存しました",
    delete: "記憶を削除しました",
  },
  failed: {
    search: "記憶を検索できませんでした: {{error}}",
    save: "記憶を追加できませんでした: {{error}}",
    delete: "記憶を削除できませんでした: {{error}}",
  },
  query: "検索語",
  label: "見つかった記憶",
  none: "記憶が見つかりませんでした",
  showAll: "すべて表示",
  showLess: "折りたたむ",
  score: "スコア {{score}}",
  scoreHint: "検索との一致度 (0〜1)",
  created: "{{date}} に保存",
  saved: "記憶を保存しました",
  deleted: "記憶を削除しました",
  approval: {
    savePersonal: "あなた用にこれを記憶します:",
    saveSystem: "会社の全員向けにこれを記憶します:",
    delete: "この記憶を忘れます:",
  },
  parameters: {
    content: "記憶",
    importance: "重要度",
    type: "種類",
    memoryId: "記憶 ID",
  },
  type: {
    personal: "個人",
    system: "会社",
  },
  importance: {
    low: "低",
    medium: "中",
    high: "高",
  },
  importanceBadge: {
    low: "重要度: 低",
    medium: "重要度: 中",
    high: "重要度: 高",
  },
  source: {
    chat: "チャットから",
    manual: "手動で追加",
  },
};

export default ja;
