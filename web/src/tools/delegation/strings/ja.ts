import type { Strings } from "./en";

/** The delegation family's strings in Japanese. */
const ja: Strings = {
  title: "{{agent}} への委任",
  titlePlain: "エージェントへの委任",
  badge: {
    preparing: "委任を準備中",
    executing: "委任を実行中",
    completed: "完了",
    failed: "失敗",
    stopped: "停止",
  },
  domain: {
    "wms-agent": "倉庫管理システムの業務",
    "bi-agent": "ビジネスインテリジェンスと分析",
    "jira-agent": "課題管理とプロジェクト運用",
    "fms-agent": "輸送管理システムの業務",
  },
  agentId: "エージェント ID",
  instruction: "指示",
  generated: "{{n}} 文字のコンテンツを生成しました",
  content: "内容",
  noContent: "エージェントは回答しませんでした",
  showAll: "すべて表示",
  showLess: "折りたたむ",
  toolCalls: "ツール呼び出し",
  noToolCalls: "ツール呼び出しなし",
  unknownError: "不明なエラーが発生しました",
};

export default ja;
