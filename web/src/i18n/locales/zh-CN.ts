import type { Catalogue } from "./en";

const zhCN: Catalogue = {
  app: {
    name: "Waybill",
    home: "Waybill 首页",
    skipToContent: "跳到主要内容",
  },
  language: {
    label: "语言",
  },
  marketing: {
    tagline: "面向物流运营的 AI 助手",
    headline: "一次对话，掌控全部物流运营",
    lead: "Waybill 连接您的仓库、货运、堆场和订单。用日常语言提问，即可获得基于您自有数据的答案、计划和操作。",
    featuresLabel: "Waybill 能做什么",
    demandTitle: "需求预测",
    demandBody: "按商品、线路和站点预测需求，提前规划，而不是被动应对。",
    planningTitle: "库存与产能规划",
    planningBody: "在瓶颈出现之前，统筹库存、人力、月台和堆场空间。",
    dashboardsTitle: "仪表盘与告警",
    dashboardsBody: "关键指标实时可见，需要您处理的异常及时告警。",
    integrationTitle: "ERP、WMS 与 TMS 集成",
    integrationBody: "直接对接您现有的系统，无需推倒重来。",
  },
  landing: {
    login: "登录",
    cta: "登录后即可与您的运营助手开始对话。",
  },
  login: {
    title: "登录 Waybill",
    subtitle: "请使用您的工作账号继续。",
    email: "电子邮箱",
    password: "密码",
    submit: "登录",
    submitting: "正在登录…",
    errorGeneric: "登录失败，请重试。",
    errorNetwork: "无法连接服务器，请检查网络后重试。",
  },
  context: {
    tenant: "租户",
    facility: "设施",
    noFacility: "无设施",
  },
  userMenu: {
    label: "{{name}} 的用户菜单",
    memory: "记忆",
    logout: "退出登录",
  },
  home: {
    welcome: "欢迎，{{name}}",
    intro: "您可以询问货运、库存、月台排期等问题。对话界面即将上线。",
    workingIn: "当前：{{tenant}} · {{facility}}",
  },
  memories: {
    title: "记忆",
    coming: "记忆管理功能即将推出。",
    body: "您将可以在这里查看和管理助手记住的关于您和您业务的信息。",
    back: "返回聊天",
  },
};

export default zhCN;
