import type { Catalogue } from "./en";

const de: Catalogue = {
  app: {
    name: "Waybill",
    home: "Waybill-Startseite",
    skipToContent: "Zum Hauptinhalt springen",
  },
  language: {
    label: "Sprache",
  },
  marketing: {
    tagline: "KI-Assistent für die Logistik",
    headline: "Ihre gesamte Logistik in einem Gespräch",
    lead: "Waybill verbindet Ihre Lager, Transporte, Yards und Aufträge. Stellen Sie Ihre Fragen in Alltagssprache und erhalten Sie Antworten, Pläne und Aktionen auf Basis Ihrer eigenen Daten.",
    featuresLabel: "Was Waybill leistet",
    demandTitle: "Bedarfsprognose",
    demandBody: "Prognostizieren Sie den Bedarf nach Artikel, Relation und Standort – und planen Sie voraus, statt nur zu reagieren.",
    planningTitle: "Bestands- und Kapazitätsplanung",
    planningBody: "Gleichen Sie Bestände, Personal, Rampen und Yard-Flächen ab, bevor Engpässe entstehen.",
    dashboardsTitle: "Dashboards und Warnmeldungen",
    dashboardsBody: "Aktuelle Kennzahlen auf einen Blick und Warnungen zu den Abweichungen, die Ihre Aufmerksamkeit erfordern.",
    integrationTitle: "ERP-, WMS- und TMS-Integration",
    integrationBody: "Arbeitet mit den Systemen, die Sie bereits nutzen – ohne sie ersetzen zu müssen.",
  },
  landing: {
    login: "Anmelden",
    cta: "Melden Sie sich an, um ein Gespräch mit Ihrem Logistik-Assistenten zu beginnen.",
  },
  login: {
    title: "Bei Waybill anmelden",
    subtitle: "Verwenden Sie Ihr Arbeitskonto, um fortzufahren.",
    email: "E-Mail-Adresse",
    password: "Passwort",
    submit: "Anmelden",
    submitting: "Anmeldung läuft…",
    errorGeneric: "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
    errorNetwork: "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  },
  context: {
    tenant: "Mandant",
    facility: "Standort",
    noFacility: "Kein Standort",
  },
  userMenu: {
    label: "Benutzermenü von {{name}}",
    memory: "Gedächtnis",
    logout: "Abmelden",
  },
  home: {
    welcome: "Willkommen, {{name}}",
    intro: "Fragen Sie nach Sendungen, Beständen, Rampenbelegung und mehr. Die Gesprächsansicht folgt in Kürze.",
    workingIn: "Aktiv in {{tenant}} · {{facility}}",
  },
  memories: {
    title: "Gedächtnis",
    coming: "Die Gedächtnisverwaltung folgt in Kürze.",
    body: "Hier können Sie bald einsehen und verwalten, was sich der Assistent über Sie und Ihre Abläufe merkt.",
    back: "Zurück zum Chat",
  },
};

export default de;
