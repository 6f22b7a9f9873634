import type { Catalogue } from "./en";

const zhTW: Catalogue = {
  app: {
    name: "Waybill",
    home: "Waybill 首頁",
    skipToContent: "跳至主要內容",
  },
  language: {
    label: "語言",
  },
  marketing: {
    tagline: "專為物流營運打造的 AI 助理",
    headline: "一場對話，掌握所有物流營運",
    lead: "Waybill 串接您的倉庫、貨運、場站與訂單。用日常語言提問，即可取得以您自有資料為依據的解答、計畫與行動。",
    featuresLabel: "Waybill 能做什麼",
    demandTitle: "需求預測",
    demandBody: "依品項、路線與據點預測需求，提前規劃，不再被動應對。",
    planningTitle: "庫存與產能規劃",
    planningBody: "在瓶頸形成之前，平衡庫存、人力、碼頭月台與場站空間。",
    dashboardsTitle: "儀表板與警示",
    dashboardsBody: "即時掌握關鍵指標，需要您處理的異常狀況立即警示。",
    integrationTitle: "ERP、WMS 與 TMS 整合",
    integrationBody: "直接與您現有的系統協作，無需全面汰換。",
  },
  landing: {
    login: "登入",
    cta: "登入後即可與您的營運助理展開對話。",
  },
  login: {
    title: "登入 Waybill",
    subtitle: "請使用您的工作帳號繼續。",
    email: "電子郵件",
    password: "密碼",
    submit: "登入",
    submitting: "登入中…",
    errorGeneric: "登入失敗，請再試一次。",
    errorNetwork: "無法連線至伺服器，請檢查網路連線後再試一次。",
  },
  context: {
    tenant: "租戶",
    facility: "設施",
    noFacility: "無設施",
  },
  userMenu: {
    label: "{{name}} 的使用者選單",
    memory: "記憶",
    logout: "登出",
  },
  home: {
    welcome: "歡迎，{{name}}",
    intro: "您可以詢問貨件、庫存、月台排程等問題。對話介面即將推出。",
    workingIn: "目前位置：{{tenant}} · {{facility}}",
  },
  memories: {
    title: "記憶",
    coming: "記憶管理功能即將推出。",
    body: "您將可在此檢視並管理助理所記住關於您與您營運的資訊。",
    back: "返回聊天",
  },
};

export default zhTW;
