/**
 * The source of every interface string and key. Other catalogues are typed against this
 * object, so a key missing from one of them is a type error; `t()` accepts only these keys.
 */
const en = {
  app: {
    name: "Waybill",
    home: "Waybill home",
    skipToContent: "Skip to main content",
  },
  language: {
    label: "Language",
  },
  marketing: {
    tagline: "AI assistant for logistics operations",
    headline: "Run your logistics operations in one conversation",
    lead: "Waybill connects to your warehouses, freight, yards and orders. Ask in plain language and get answers, plans and actions grounded in your own data.",
    featuresLabel: "What Waybill does",
    demandTitle: "Demand prediction",
    demandBody: "Forecast demand by item, lane and site, so you plan ahead instead of reacting.",
    planningTitle: "Inventory and capacity planning",
    planningBody: "Balance stock, labour, dock doors and yard space before bottlenecks form.",
    dashboardsTitle: "Dashboards and alerts",
    dashboardsBody: "Live KPIs at a glance, and alerts on the exceptions that need your attention.",
    integrationTitle: "ERP, WMS and TMS integration",
    integrationBody: "Works with the systems you already run, with no rip-and-replace.",
  },
  landing: {
    login: "Login",
    cta: "Sign in to start a conversation with your operations assistant.",
  },
  login: {
    title: "Sign in to Waybill",
    subtitle: "Use your work account to continue.",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    submitting: "Signing in…",
    errorGeneric: "Sign-in failed. Please try again.",
    errorNetwork: "Cannot reach the server. Check your connection and try again.",
  },
  context: {
    tenant: "Tenant",
    facility: "Facility",
    noFacility: "No facility",
  },
  userMenu: {
    label: "User menu for {{name}}",
    memory: "Memory",
    logout: "Logout",
  },
  home: {
    welcome: "Welcome, {{name}}",
    intro: "Ask about shipments, stock levels, dock schedules and more. The conversation view is on its way.",
    workingIn: "Working in {{tenant}} · {{facility}}",
  },
  memories: {
    title: "Memory",
    coming: "Memory administration is coming soon.",
    body: "Here you will review and manage what the assistant remembers about you and your operations.",
    back: "Back to chat",
  },
} as const;

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every catalogue must have: exactly the English keys, any string values. */
export type Catalogue = Widen<typeof en>;

export default en;
