import type { Strings } from "./en";

/** The file display family's strings in Simplified Chinese. */
const zhCN: Strings = {
  preparing: "正在查找文件…",
  open: "在文件查看器中打开 {{name}}",
  view: "查看",
  failed: "文件处理失败",
};

export default zhCN;
