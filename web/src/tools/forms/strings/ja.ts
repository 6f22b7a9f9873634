import type { Strings } from "./en";

/** The forms family's strings in Japanese. */
const ja: Strings = {
  title: "ユーザー入力",
  preparing: "ユーザー入力フォームを準備中...",
  waiting: "回答を待っています",
  submitted: "送信済み",
  canceled: "キャンセル済み",
  canceledDetail: "ユーザーがこの入力リクエストをキャンセルしました",
  submitFailed: "ユーザー入力の処理中にエラーが発生しました。もう一度お試しください。",
  cancelFailed: "ユーザー入力のキャンセル処理中にエラーが発生しました",
};

export default ja;
