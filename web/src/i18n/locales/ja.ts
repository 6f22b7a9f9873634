import type { Catalogue } from "./en";

const ja: Catalogue = {
  app: {
    name: "Waybill",
    home: "Waybill ホーム",
    skipToContent: "メインコンテンツへスキップ",
  },
  language: {
    label: "言語",
  },
  marketing: {
    tagline: "物流オペレーションのための AI アシスタント",
    headline: "物流オペレーションのすべてを、ひとつの会話で",
    lead: "Waybill は倉庫、輸送、ヤード、受注をつなぎます。ふだんの言葉で質問するだけで、自社データに基づく回答・計画・アクションが得られます。",
    featuresLabel: "Waybill でできること",
    demandTitle: "需要予測",
    demandBody: "品目・輸送ルート・拠点ごとに需要を予測し、後手に回らず先を見越した計画が立てられます。",
    planningTitle: "在庫・キャパシティ計画",
    planningBody: "ボトルネックが生じる前に、在庫、人員、ドック、ヤードの空きを最適に配分します。",
    dashboardsTitle: "ダッシュボードとアラート",
    dashboardsBody: "主要 KPI をリアルタイムで把握し、対応が必要な例外をすぐにお知らせします。",
    integrationTitle: "ERP・WMS・TMS 連携",
    integrationBody: "既存のシステムをそのまま活かせるので、入れ替えは不要です。",
  },
  landing: {
    login: "ログイン",
    cta: "ログインして、オペレーションアシスタントとの会話を始めましょう。",
  },
  login: {
    title: "Waybill にログイン",
    subtitle: "業務用アカウントでログインしてください。",
    email: "メールアドレス",
    password: "パスワード",
    submit: "ログイン",
    submitting: "ログイン中…",
    errorGeneric: "ログインに失敗しました。もう一度お試しください。",
    errorNetwork: "サーバーに接続できません。接続を確認して、もう一度お試しください。",
  },
  context: {
    tenant: "テナント",
    facility: "拠点",
    noFacility: "拠点なし",
  },
  userMenu: {
    label: "{{name}} さんのユーザーメニュー",
    memory: "メモリー",
    logout: "ログアウト",
  },
  home: {
    welcome: "ようこそ、{{name}} さん",
    intro: "出荷、在庫、ドックの予定などについて質問できます。会話画面は近日公開予定です。",
    workingIn: "作業中：{{tenant}} · {{facility}}",
  },
  memories: {
    title: "メモリー",
    coming: "メモリー管理は近日公開予定です。",
    body: "アシスタントがあなたと業務について記憶している内容を、ここで確認・管理できるようになります。",
    back: "チャットに戻る",
  },
};

export default ja;
