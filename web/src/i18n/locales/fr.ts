import type { Catalogue } from "./en";

const fr: Catalogue = {
  app: {
    name: "Waybill",
    home: "Accueil Waybill",
    skipToContent: "Aller au contenu principal",
  },
  language: {
    label: "Langue",
  },
  marketing: {
    tagline: "Assistant IA pour les opérations logistiques",
    headline: "Pilotez toute votre logistique en une seule conversation",
    lead: "Waybill se connecte à vos entrepôts, transports, cours de stockage et commandes. Posez vos questions en langage courant et obtenez des réponses, des plans et des actions fondés sur vos propres données.",
    featuresLabel: "Ce que fait Waybill",
    demandTitle: "Prévision de la demande",
    demandBody: "Anticipez la demande par article, par liaison et par site pour planifier au lieu de subir.",
    planningTitle: "Planification des stocks et des capacités",
    planningBody: "Équilibrez stocks, main-d’œuvre, quais et espace de cour avant que les goulets d’étranglement n’apparaissent.",
    dashboardsTitle: "Tableaux de bord et alertes",
    dashboardsBody: "Vos indicateurs clés en temps réel, et des alertes sur les anomalies qui exigent votre attention.",
    integrationTitle: "Intégration ERP, WMS et TMS",
    integrationBody: "Fonctionne avec les systèmes que vous utilisez déjà, sans tout remplacer.",
  },
  landing: {
    login: "Se connecter",
    cta: "Connectez-vous pour échanger avec votre assistant opérationnel.",
  },
  login: {
    title: "Connexion à Waybill",
    subtitle: "Utilisez votre compte professionnel pour continuer.",
    email: "Adresse e-mail",
    password: "Mot de passe",
    submit: "Se connecter",
    submitting: "Connexion en cours…",
    errorGeneric: "La connexion a échoué. Veuillez réessayer.",
    errorNetwork: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  },
  context: {
    tenant: "Organisation",
    facility: "Site",
    noFacility: "Aucun site",
  },
  userMenu: {
    label: "Menu utilisateur de {{name}}",
    memory: "Mémoire",
    logout: "Se déconnecter",
  },
  home: {
    welcome: "Bienvenue, {{name}}",
    intro: "Posez vos questions sur les expéditions, les stocks, le planning des quais et bien plus encore. La vue de conversation arrive bientôt.",
    workingIn: "Espace actif\u00a0: {{tenant}} · {{facility}}",
  },
  memories: {
    title: "Mémoire",
    coming: "La gestion de la mémoire arrive bientôt.",
    body: "Vous pourrez ici consulter et gérer ce que l’assistant retient de vous et de vos opérations.",
    back: "Retour au chat",
  },
};

export default fr;
