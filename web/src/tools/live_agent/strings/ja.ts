import type { Strings } from "./en";

/** The live agent family's strings in Japanese. */
const ja: Strings = {
  title: "オペレーター",
  running: "オペレーターを探しています…",
  offered: "この会話をオペレーターに引き継げます",
  notOffered: "ここではオペレーターを利用できません",
  reason: "理由：{{reason}}",
  defaultReason: "担当者との会話を希望されました",
};

export default ja;
