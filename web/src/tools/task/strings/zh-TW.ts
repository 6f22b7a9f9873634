import type { Strings } from "./en";

/** The task family's strings in Traditional Chinese. */
const zhTW: Strings = {
  label: "任務已完成",
  defaultMessage: "任務已成功完成",
  running: "正在完成任務…",
};

export default zhTW;
