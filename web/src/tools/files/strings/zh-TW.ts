import type { Strings } from "./en";

/** The file display family's strings in Traditional Chinese. */
const zhTW: Strings = {
  preparing: "正在尋找檔案…",
  open: "在檔案檢視器中開啟 {{name}}",
  view: "檢視",
  failed: "檔案處理失敗",
};

export default zhTW;
