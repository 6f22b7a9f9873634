import type { Strings } from "./en";

/** The proving family's strings in Traditional Chinese. */
const zhTW: Strings = {
  mark: {
    title: "驗證標記",
    will: "新增一個標籤為「{{label}}」的驗證標記",
    done: "已標記「{{label}}」— 共 {{marks}} 個",
    label: "標籤",
    marks: "標記總數",
    id: "標記",
  },
  ask: {
    title: "向您提問",
    waiting: "等待您的回答",
    answer: "您的回答",
    send: "傳送",
    answered: "您回答了「{{answer}}」",
  },
  count: {
    title: "數到 {{to}}",
    titlePlain: "計數",
    starting: "正在計數…",
    counting: "正在計數… {{at}} / {{to}}",
    counted: "已數到 {{counted}}",
  },
  delegate: {
    title: "委派的任務",
    task: "任務",
    starting: "正在啟動子代理…",
    working: "子代理工作中 — 第 {{steps}} 步",
    done: "子代理說：{{text}}",
  },
};

export default zhTW;
