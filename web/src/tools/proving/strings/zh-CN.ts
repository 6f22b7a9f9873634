import type { Strings } from "./en";

/** The proving family's strings in Simplified Chinese. */
const zhCN: Strings = {
  mark: {
    title: "验证标记",
    will: "添加一个标签为“{{label}}”的验证标记",
    done: "已标记“{{label}}”— 共 {{marks}} 个",
    label: "标签",
    marks: "标记总数",
    id: "标记",
  },
  ask: {
    title: "向您提问",
    waiting: "等待您的回答",
    answer: "您的回答",
    send: "发送",
    answered: "您回答了“{{answer}}”",
  },
  count: {
    title: "数到 {{to}}",
    titlePlain: "计数",
    starting: "正在计数…",
    counting: "正在计数… {{at}} / {{to}}",
    counted: "已数到 {{counted}}",
  },
  delegate: {
    title: "委派的任务",
    task: "任务",
    starting: "正在启动子代理…",
    working: "子代理工作中 — 第 {{steps}} 步",
    done: "子代理说：{{text}}",
  },
};

export default zhCN;
