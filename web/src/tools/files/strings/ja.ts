import type { Strings } from "./en";

/** The file display family's strings in Japanese. */
const ja: Strings = {
  preparing: "ファイルを探しています…",
  open: "{{name}} をファイルビューアーで開く",
  view: "表示",
  failed: "ファイルの処理に失敗しました",
};

export default ja;
