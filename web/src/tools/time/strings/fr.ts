import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The time family's strings in French. */
const fr: Strings = {
  title: "Heure à {{timezone}}",
  titleLocal: "Heure actuelle",
  loading: "Lecture de l'horloge…",
  twelveHour: "{{clock}} {{period}}",
  am: "AM",
  pm: "PM",
  date: "Date",
  timezone: "Fuseau horaire",
  worldTimes: "Heures dans le monde",
  dayShift: "{{n}} jour",
  cities: {
    utc: "UTC",
    newYork: "New York",
    london: "Londres",
    beijing: "Pékin",
    tokyo: "Tokyo",
    sydney: "Sydney",
  },
};

export default fr;

/** Words that are the same in French (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["date", "cities.newYork", "cities.tokyo", "cities.sydney"];
