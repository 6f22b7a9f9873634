import type { WeatherReport } from "../../generated/tools/weather/WeatherReport";

/**
 * The reading to show; null when the result has no temperature. The server always sends
 * one; the check is for stored chats, which are data and may hold anything.
 */
export function readingOf(report: WeatherReport | undefined): WeatherReport | null {
  return report && typeof report.temperature === "number" && Number.isFinite(report.temperature) ? report : null;
}

/** The words the weather tool uses for WMO weather codes, and their catalogue keys. */
const CONDITIONS = {
  "Clear sky": "clearSky",
  "Mainly clear": "mainlyClear",
  "Partly cloudy": "partlyCloudy",
  Overcast: "overcast",
  Fog: "fog",
  Drizzle: "drizzle",
  "Freezing drizzle": "freezingDrizzle",
  "Light rain": "lightRain",
  Rain: "rain",
  "Heavy rain": "heavyRain",
  "Freezing rain": "freezingRain",
  "Light snow": "lightSnow",
  Snow: "snow",
  "Heavy snow": "heavySnow",
  "Snow grains": "snowGrains",
  "Rain showers": "rainShowers",
  "Snow showers": "snowShowers",
  Thunderstorm: "thunderstorm",
  "Thunderstorm with hail": "thunderstormHail",
  Unknown: "unknown",
} as const;

export type ConditionKey = (typeof CONDITIONS)[keyof typeof CONDITIONS];

const isCondition = (word: string): word is keyof typeof CONDITIONS => Object.hasOwn(CONDITIONS, word);

/** The catalogue key for a condition the tool names; undefined for words it does not use. */
export function conditionKey(condition: string): ConditionKey | undefined {
  return isCondition(condition) ? CONDITIONS[condition] : undefined;
}

/** "2025-05-01T14:00" (the place's local time) as "2025-05-01 14:00". */
export function formatUpdated(lastUpdated: string): string {
  return lastUpdated.replace("T", " ");
}

/** A reading with at most one decimal, without a trailing ".0". */
export function reading(value: number): string {
  return String(Math.round(value * 10) / 10);
}
