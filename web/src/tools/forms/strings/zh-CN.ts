import type { Strings } from "./en";

/** The forms family's strings in Simplified Chinese. The posting failures are the spec's own words (001 §2.19). */
const zhCN: Strings = {
  title: "用户输入",
  preparing: "正在准备用户输入表单...",
  waiting: "等待您的填写",
  submitted: "已提交",
  canceled: "已取消",
  canceledDetail: "用户取消了此输入请求",
  submitFailed: "处理用户输入时出错，请重试",
  cancelFailed: "处理用户输入取消时出错",
};

export default zhCN;
