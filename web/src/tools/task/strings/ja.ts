import type { Strings } from "./en";

/** The task family's strings in Japanese. */
const ja: Strings = {
  label: "タスク完了",
  defaultMessage: "タスクは正常に完了しました",
  running: "タスクを仕上げています…",
};

export default ja;
