import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The BI family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "BI 工具：{{name}}",
  tools: {
    catalogue: "数据立方目录",
    schema: "数据立方结构",
    enumFields: "枚举字段",
    enumValues: "枚举值",
    query: "查询",
    fileName: "文件名",
    download: "下载文件",
  },
  running: {
    catalogue: "正在列出数据立方…",
    schema: "正在读取数据立方的字段…",
    enumFields: "正在查找枚举字段…",
    enumValues: "正在读取取值…",
    query: "正在运行查询…",
    fileName: "正在生成文件名…",
    download: "正在导出结果…",
  },
  failed: "BI 工具失败：{{error}}",
  parseError: "结果解析错误",
  footer: "BI 工具结果",
  parameters: {
    none: "无参数",
    cube: "数据立方",
    queryIds: "查询 ID",
    description: "描述：{{description}}",
    fileName: "文件名",
    format: "格式",
    sql: "SQL",
    purpose: "用途：{{purpose}}",
  },
  response: "响应",
  summary: {
    cubes: "数据立方：{{n}}",
    schema: "{{title}} · 度量：{{measures}} · 维度：{{dimensions}}",
    fields: "{{cube}} · 枚举字段：{{n}}",
    values: "取值：{{n}}",
    rows: "行：{{rows}} · 列：{{columns}}",
    download: "{{name}} · 行：{{rows}}",
  },
  cubes: {
    label: "数据立方",
    measures: "度量：{{n}}",
    dimensions: "维度：{{n}}",
    time: "时间：{{name}}",
  },
  schema: {
    time: "时间维度：{{name}}",
    measures: "度量",
    dimensions: "维度",
    name: "名称",
    usage: "聚合方式",
    format: "格式",
    type: "类型",
    enum: "枚举",
    isEnum: "枚举字段",
    hint: "查询方式",
  },
  fields: {
    label: "枚举字段",
    field: "字段",
    queryId: "查询 ID",
  },
  values: {
    none: "无取值",
  },
  export: {
    rows: "行：{{n}}",
    cut: "行：{{n}} — 查询在行数上限处被截断",
  },
  query: {
    result: "查询结果",
    showAll: "显示全部 {{n}} 行",
    showFewer: "只显示前 {{n}} 行",
    shown: "显示 {{total}} 行中的 {{shown}} 行",
    cut: "显示 {{total}} 行中的 {{shown}} 行 — 查询在行数上限处被截断",
    provenance: "计算方式",
    sql: "实际运行的 SQL",
    facilities: "站点",
    noFacilities: "无",
    asOf: "数据截至 {{time}}",
  },
  dashboard: {
    title: "BI 仪表板",
    running: "正在生成仪表板…",
    summary: "卡片：{{n}}",
    summaryFailed: "卡片：{{n}} · 失败：{{failed}}",
    tiles: "卡片",
    planned: "计划的卡片",
    rows: "行：{{n}}",
    tileFailed: "失败：{{error}}",
    open: "打开仪表板",
    openInNewTab: "在新标签页中打开",
    kinds: {
      kpi: "关键指标",
      line: "折线图",
      bar: "柱状图",
      stackedBar: "堆叠柱状图",
      table: "表格",
    },
  },
};

export default zhCN;

/** Words that are the same in Simplified Chinese (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["parameters.sql"];
