import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The BI family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "BI 工具：{{name}}",
  tools: {
    catalogue: "資料立方目錄",
    schema: "資料立方結構",
    enumFields: "列舉欄位",
    enumValues: "列舉值",
    query: "查詢",
    fileName: "檔案名稱",
    download: "下載檔案",
  },
  running: {
    catalogue: "正在列出資料立方…",
    schema: "正在讀取資料立方的欄位…",
    enumFields: "正在尋找列舉欄位…",
    enumValues: "正在讀取取值…",
    query: "正在執行查詢…",
    fileName: "正在產生檔案名稱…",
    download: "正在匯出結果…",
  },
  failed: "BI 工具失敗：{{error}}",
  parseError: "結果解析錯誤",
  footer: "BI 工具結果",
  parameters: {
    none: "無參數",
    cube: "資料立方",
    queryIds: "查詢 ID",
    description: "描述：{{description}}",
    fileName: "檔案名稱",
    format: "格式",
    sql: "SQL",
    purpose: "用途：{{purpose}}",
  },
  response: "回應",
  summary: {
    cubes: "資料立方：{{n}}",
    schema: "{{title}} · 度量：{{measures}} · 維度：{{dimensions}}",
    fields: "{{cube}} · 列舉欄位：{{n}}",
    values: "取值：{{n}}",
    rows: "列：{{rows}} · 欄：{{columns}}",
    download: "{{name}} · 列：{{rows}}",
  },
  cubes: {
    label: "資料立方",
    measures: "度量：{{n}}",
    dimensions: "維度：{{n}}",
    time: "時間：{{name}}",
  },
  schema: {
    time: "時間維度：{{name}}",
    measures: "度量",
    dimensions: "維度",
    name: "名稱",
    usage: "彙總方式",
    format: "格式",
    type: "類型",
    enum: "列舉",
    isEnum: "列舉欄位",
    hint: "查詢方式",
  },
  fields: {
    label: "列舉欄位",
    field: "欄位",
    queryId: "查詢 ID",
  },
  values: {
    none: "無取值",
  },
  export: {
    rows: "列：{{n}}",
    cut: "列：{{n}} — 查詢在列數上限處被截斷",
  },
  query: {
    result: "查詢結果",
    showAll: "顯示全部 {{n}} 列",
    showFewer: "只顯示前 {{n}} 列",
    shown: "顯示 {{total}} 列中的 {{shown}} 列",
    cut: "顯示 {{total}} 列中的 {{shown}} 列 — 查詢在列數上限處被截斷",
    provenance: "計算方式",
    sql: "實際執行的 SQL",
    facilities: "據點",
    noFacilities: "無",
    asOf: "資料截至 {{time}}",
  },
  dashboard: {
    title: "BI 儀表板",
    running: "正在產生儀表板…",
    summary: "卡片：{{n}}",
    summaryFailed: "卡片：{{n}} · 失敗：{{failed}}",
    tiles: "卡片",
    planned: "預計的卡片",
    rows: "列：{{n}}",
    tileFailed: "失敗：{{error}}",
    open: "開啟儀表板",
    openInNewTab: "在新分頁中開啟",
    kinds: {
      kpi: "關鍵指標",
      line: "折線圖",
      bar: "長條圖",
      stackedBar: "堆疊長條圖",
      table: "表格",
    },
  },
};

export default zhTW;

/** Words that are the same in Traditional Chinese (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["parameters.sql"];
