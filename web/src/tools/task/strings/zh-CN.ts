import type { Strings } from "./en";

/** The task family's strings in Simplified Chinese. */
const zhCN: Strings = {
  label: "任务已完成",
  defaultMessage: "任务已成功完成",
  running: "正在完成任务…",
};

export default zhCN;
