import type { Strings } from "./en";

/** The forms family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "使用者輸入",
  preparing: "正在準備使用者輸入表單...",
  waiting: "等待您的填寫",
  submitted: "已提交",
  canceled: "已取消",
  canceledDetail: "使用者取消了此輸入請求",
  submitFailed: "處理使用者輸入時出錯，請重試",
  cancelFailed: "處理使用者輸入取消時出錯",
};

export default zhTW;
