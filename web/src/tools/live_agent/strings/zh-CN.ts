import type { Strings } from "./en";

/** The live agent family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "人工客服",
  running: "正在查找人工客服…",
  offered: "人工客服可以接手这段对话",
  notOffered: "此处无法使用人工客服",
  reason: "原因：{{reason}}",
  defaultReason: "您要求与人工客服对话",
};

export default zhCN;
