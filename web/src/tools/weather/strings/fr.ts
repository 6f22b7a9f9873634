import type { Strings } from "./en";

/** The weather family's strings in French. */
const fr: Strings = {
  title: "Météo à {{location}}",
  titleAnywhere: "Météo",
  loading: "Récupération de la météo à {{location}}…",
  loadingAnywhere: "Récupération de la météo…",
  temperature: "{{value}} °{{unit}}",
  humidity: "Humidité",
  wind: "Vent",
  percent: "{{value}} %",
  windSpeed: "{{value}} km/h",
  updated: "Mis à jour {{time}}",
  note: "Données fournies à titre indicatif",
  conditions: {
    clearSky: "Ciel dégagé",
    mainlyClear: "Plutôt dégagé",
    partlyCloudy: "Partiellement nuageux",
    overcast: "Couvert",
    fog: "Brouillard",
    drizzle: "Bruine",
    freezingDrizzle: "Bruine verglaçante",
    lightRain: "Pluie faible",
    rain: "Pluie",
    heavyRain: "Forte pluie",
    freezingRain: "Pluie verglaçante",
    lightSnow: "Neige faible",
    snow: "Neige",
    heavySnow: "Forte neige",
    snowGrains: "Neige en grains",
    rainShowers: "Averses de pluie",
    snowShowers: "Averses de neige",
    thunderstorm: "Orage",
    thunderstormHail: "Orage avec grêle",
    unknown: "Inconnu",
  },
};

export default fr;
