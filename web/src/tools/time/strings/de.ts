import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The time family's strings in German. */
const de: Strings = {
  title: "Uhrzeit in {{timezone}}",
  titleLocal: "Aktuelle Uhrzeit",
  loading: "Uhrzeit wird abgefragt…",
  twelveHour: "{{clock}} {{period}}",
  am: "vorm.",
  pm: "nachm.",
  date: "Datum",
  timezone: "Zeitzone",
  worldTimes: "Weltzeiten",
  dayShift: "{{n}} Tag",
  cities: {
    utc: "UTC",
    newYork: "New York",
    london: "London",
    beijing: "Peking",
    tokyo: "Tokio",
    sydney: "Sydney",
  },
};

export default de;

/** Words that are the same in German (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["cities.newYork", "cities.london", "cities.sydney"];
