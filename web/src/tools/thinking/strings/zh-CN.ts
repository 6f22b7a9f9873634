import type { Strings } from "./en";

/** The sequential thinking family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "逐步思考",
  step: "第 {{n}} 步，共 {{total}} 步",
  running: "思考中…",
  final: "最后一步",
  more: "还有后续思考",
  revises: "修订第 {{n}} 步",
  branch: "从第 {{n}} 步分支 {{id}}",
};

export default zhCN;
