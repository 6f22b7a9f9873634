import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The BI family's strings in Japanese. */
const ja: Strings = {
  title: "BIツール：{{name}}",
  tools: {
    catalogue: "キューブ一覧",
    schema: "キューブのスキーマ",
    enumFields: "列挙フィールド",
    enumValues: "列挙値",
    query: "クエリ",
    fileName: "ファイル名",
    download: "ファイルのダウンロード",
  },
  running: {
    catalogue: "キューブを一覧しています…",
    schema: "キューブの項目を読み込んでいます…",
    enumFields: "列挙フィールドを探しています…",
    enumValues: "値を読み込んでいます…",
    query: "クエリを実行しています…",
    fileName: "ファイル名を付けています…",
    download: "結果をエクスポートしています…",
  },
  failed: "BIツールが失敗しました：{{error}}",
  parseError: "結果の解析エラー",
  footer: "BIツールの結果",
  parameters: {
    none: "パラメーターなし",
    cube: "キューブ",
    queryIds: "クエリID",
    description: "説明：{{description}}",
    fileName: "ファイル名",
    format: "形式",
    sql: "SQL",
    purpose: "目的：{{purpose}}",
  },
  response: "応答",
  summary: {
    cubes: "キューブ：{{n}}",
    schema: "{{title}} · メジャー：{{measures}} · ディメンション：{{dimensions}}",
    fields: "{{cube}} · 列挙フィールド：{{n}}",
    values: "値：{{n}}",
    rows: "行：{{rows}} · 列：{{columns}}",
    download: "{{name}} · 行：{{rows}}",
  },
  cubes: {
    label: "キューブ",
    measures: "メジャー：{{n}}",
    dimensions: "ディメンション：{{n}}",
    time: "時間：{{name}}",
  },
  schema: {
    time: "時間ディメンション：{{name}}",
    measures: "メジャー",
    dimensions: "ディメンション",
    name: "名前",
    usage: "集計方法",
    format: "形式",
    type: "型",
    enum: "列挙",
    isEnum: "列挙フィールド",
    hint: "クエリの書き方",
  },
  fields: {
    label: "列挙フィールド",
    field: "フィールド",
    queryId: "クエリID",
  },
  values: {
    none: "値はありません",
  },
  export: {
    rows: "行：{{n}}",
    cut: "行：{{n}} — クエリは行数の上限で打ち切られました",
  },
  query: {
    result: "クエリの結果",
    showAll: "全 {{n}} 行を表示",
    showFewer: "最初の {{n}} 行だけを表示",
    shown: "{{total}} 行中 {{shown}} 行を表示",
    cut: "{{total}} 行中 {{shown}} 行を表示 — クエリは行数の上限で打ち切られました",
    provenance: "計算の仕方",
    sql: "実行された SQL",
    facilities: "拠点",
    noFacilities: "なし",
    asOf: "データ時点：{{time}}",
  },
  dashboard: {
    title: "BI ダッシュボード",
    running: "ダッシュボードを作成しています…",
    summary: "タイル：{{n}}",
    summaryFailed: "タイル：{{n}} · 失敗：{{failed}}",
    tiles: "タイル",
    planned: "予定のタイル",
    rows: "行：{{n}}",
    tileFailed: "失敗：{{error}}",
    open: "ダッシュボードを開く",
    openInNewTab: "新しいタブで開く",
    kinds: {
      kpi: "主要指標",
      line: "折れ線グラフ",
      bar: "棒グラフ",
      stackedBar: "積み上げ棒グラフ",
      table: "表",
    },
  },
};

export default ja;

/** Words that are the same in Japanese (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["parameters.sql"];
