import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The weather family's strings in German. */
const de: Strings = {
  title: "Wetter in {{location}}",
  titleAnywhere: "Wetter",
  loading: "Wetter für {{location}} wird abgerufen…",
  loadingAnywhere: "Wetter wird abgerufen…",
  temperature: "{{value}} °{{unit}}",
  humidity: "Luftfeuchtigkeit",
  wind: "Wind",
  percent: "{{value}} %",
  windSpeed: "{{value}} km/h",
  updated: "Aktualisiert {{time}}",
  note: "Daten nur zur Orientierung",
  conditions: {
    clearSky: "Klarer Himmel",
    mainlyClear: "Überwiegend klar",
    partlyCloudy: "Teilweise bewölkt",
    overcast: "Bedeckt",
    fog: "Nebel",
    drizzle: "Nieselregen",
    freezingDrizzle: "Gefrierender Nieselregen",
    lightRain: "Leichter Regen",
    rain: "Regen",
    heavyRain: "Starker Regen",
    freezingRain: "Gefrierender Regen",
    lightSnow: "Leichter Schneefall",
    snow: "Schnee",
    heavySnow: "Starker Schneefall",
    snowGrains: "Schneegriesel",
    rainShowers: "Regenschauer",
    snowShowers: "Schneeschauer",
    thunderstorm: "Gewitter",
    thunderstormHail: "Gewitter mit Hagel",
    unknown: "Unbekannt",
  },
};

export default de;

/** Words that are the same in German (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["wind"];
