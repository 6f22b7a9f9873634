import type { Translation } from "../../../i18n/families";

/** The weather family's strings (`weather.*` in the catalogue), in English: the source of its keys. */
const en = {
  title: "Weather in {{location}}",
  titleAnywhere: "Weather",
  loading: "Getting the weather for {{location}}…",
  loadingAnywhere: "Getting the weather…",
  temperature: "{{value}} °{{unit}}",
  humidity: "Humidity",
  wind: "Wind",
  percent: "{{value}} %",
  windSpeed: "{{value}} km/h",
  updated: "Updated {{time}}",
  note: "Data for reference only",
  conditions: {
    clearSky: "Clear sky",
    mainlyClear: "Mainly clear",
    partlyCloudy: "Partly cloudy",
    overcast: "Overcast",
    fog: "Fog",
    drizzle: "Drizzle",
    freezingDrizzle: "Freezing drizzle",
    lightRain: "Light rain",
    rain: "Rain",
    heavyRain: "Heavy rain",
    freezingRain: "Freezing rain",
    lightSnow: "Light snow",
    snow: "Snow",
    heavySnow: "Heavy snow",
    snowGrains: "Snow grains",
    rainShowers: "Rain showers",
    snowShowers: "Snow showers",
    thunderstorm: "Thunderstorm",
    thunderstormHail: "Thunderstorm with hail",
    unknown: "Unknown",
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
