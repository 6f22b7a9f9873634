import type { Strings } from "./en";

/** The live agent family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "真人客服",
  running: "正在尋找真人客服…",
  offered: "真人客服可以接手這段對話",
  notOffered: "此處無法使用真人客服",
  reason: "原因：{{reason}}",
  defaultReason: "您要求與真人客服對話",
};

export default zhTW;
