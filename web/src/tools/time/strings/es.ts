import type { Strings } from "./en";

/** The time family's strings in Spanish. */
const es: Strings = {
  title: "Hora en {{timezone}}",
  titleLocal: "Hora actual",
  loading: "Consultando la hora…",
  twelveHour: "{{clock}} {{period}}",
  am: "a. m.",
  pm: "p. m.",
  date: "Fecha",
  timezone: "Zona horaria",
  worldTimes: "Horas del mundo",
  dayShift: "{{n}} día",
  cities: {
    utc: "UTC",
    newYork: "Nueva York",
    london: "Londres",
    beijing: "Pekín",
    tokyo: "Tokio",
    sydney: "Sídney",
  },
};

export default es;
