import type { Catalogue } from "./en";

const es: Catalogue = {
  app: {
    name: "Waybill",
    home: "Inicio de Waybill",
    skipToContent: "Ir al contenido principal",
  },
  language: {
    label: "Idioma",
  },
  marketing: {
    tagline: "Asistente de IA para operaciones logísticas",
    headline: "Gestione sus operaciones logísticas en una sola conversación",
    lead: "Waybill se conecta con sus almacenes, transportes, patios y pedidos. Pregunte con sus propias palabras y obtenga respuestas, planes y acciones basados en sus propios datos.",
    featuresLabel: "Qué hace Waybill",
    demandTitle: "Predicción de la demanda",
    demandBody: "Prevea la demanda por artículo, ruta y centro para planificar con antelación en lugar de reaccionar.",
    planningTitle: "Planificación de inventario y capacidad",
    planningBody: "Equilibre existencias, personal, muelles y espacio de patio antes de que aparezcan cuellos de botella.",
    dashboardsTitle: "Paneles y alertas",
    dashboardsBody: "Indicadores clave en tiempo real y alertas sobre las incidencias que requieren su atención.",
    integrationTitle: "Integración con ERP, WMS y TMS",
    integrationBody: "Funciona con los sistemas que ya utiliza, sin necesidad de sustituirlos.",
  },
  landing: {
    login: "Iniciar sesión",
    cta: "Inicie sesión para conversar con su asistente de operaciones.",
  },
  login: {
    title: "Inicie sesión en Waybill",
    subtitle: "Use su cuenta de trabajo para continuar.",
    email: "Correo electrónico",
    password: "Contraseña",
    submit: "Entrar",
    submitting: "Iniciando sesión…",
    errorGeneric: "No se pudo iniciar sesión. Inténtelo de nuevo.",
    errorNetwork: "No se puede conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.",
  },
  context: {
    tenant: "Organización",
    facility: "Centro",
    noFacility: "Sin centro",
  },
  userMenu: {
    label: "Menú de usuario de {{name}}",
    memory: "Memoria",
    logout: "Cerrar sesión",
  },
  home: {
    welcome: "Hola, {{name}}",
    intro: "Pregunte por envíos, existencias, programación de muelles y mucho más. La vista de conversación llegará pronto.",
    workingIn: "Trabajando en {{tenant}} · {{facility}}",
  },
  memories: {
    title: "Memoria",
    coming: "La administración de la memoria llegará pronto.",
    body: "Aquí podrá revisar y gestionar lo que el asistente recuerda sobre usted y sus operaciones.",
    back: "Volver al chat",
  },
};

export default es;
