import type { Strings } from "./en";

/** The sequential thinking family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "逐步思考",
  step: "第 {{n}} 步，共 {{total}} 步",
  running: "思考中…",
  final: "最後一步",
  more: "還有後續思考",
  revises: "修訂第 {{n}} 步",
  branch: "從第 {{n}} 步分支 {{id}}",
};

export default zhTW;
