import type { Strings } from "./en";

/** The sequential thinking family's strings in Japanese. */
const ja: Strings = {
  title: "段階的な思考",
  step: "思考 {{n}} / {{total}}",
  running: "考えています…",
  final: "最後の思考",
  more: "思考は続きます",
  revises: "思考 {{n}} の修正",
  branch: "思考 {{n}} からの分岐 {{id}}",
};

export default ja;
