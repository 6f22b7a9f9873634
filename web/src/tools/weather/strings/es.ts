import type { Strings } from "./en";

/** The weather family's strings in Spanish. */
const es: Strings = {
  title: "Tiempo en {{location}}",
  titleAnywhere: "Tiempo",
  loading: "Consultando el tiempo en {{location}}…",
  loadingAnywhere: "Consultando el tiempo…",
  temperature: "{{value}} °{{unit}}",
  humidity: "Humedad",
  wind: "Viento",
  percent: "{{value}} %",
  windSpeed: "{{value}} km/h",
  updated: "Actualizado: {{time}}",
  note: "Datos solo de referencia",
  conditions: {
    clearSky: "Despejado",
    mainlyClear: "Mayormente despejado",
    partlyCloudy: "Parcialmente nublado",
    overcast: "Cubierto",
    fog: "Niebla",
    drizzle: "Llovizna",
    freezingDrizzle: "Llovizna helada",
    lightRain: "Lluvia ligera",
    rain: "Lluvia",
    heavyRain: "Lluvia intensa",
    freezingRain: "Lluvia helada",
    lightSnow: "Nevada ligera",
    snow: "Nieve",
    heavySnow: "Nevada intensa",
    snowGrains: "Granos de nieve",
    rainShowers: "Chubascos",
    snowShowers: "Chubascos de nieve",
    thunderstorm: "Tormenta",
    thunderstormHail: "Tormenta con granizo",
    unknown: "Desconocido",
  },
};

export default es;
