import type { Strings } from "./en";

/** The proving family's strings in Japanese. */
const ja: Strings = {
  mark: {
    title: "検証マーク",
    will: "ラベル「{{label}}」の検証マークを付ける",
    done: "「{{label}}」をマークしました — 合計 {{marks}} 件",
    label: "ラベル",
    marks: "マークの合計",
    id: "マーク",
  },
  ask: {
    title: "あなたへの質問",
    waiting: "回答を待っています",
    answer: "あなたの回答",
    send: "送信",
    answered: "「{{answer}}」と回答しました",
  },
  count: {
    title: "{{to}} まで数える",
    titlePlain: "カウント",
    starting: "数えています…",
    counting: "数えています… {{at}} / {{to}}",
    counted: "{{counted}} まで数えました",
  },
  delegate: {
    title: "委任したタスク",
    task: "タスク",
    starting: "サブエージェントを起動しています…",
    working: "サブエージェント作業中 — ステップ {{steps}}",
    done: "サブエージェントの回答: {{text}}",
  },
};

export default ja;
