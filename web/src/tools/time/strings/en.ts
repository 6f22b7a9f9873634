import type { Translation } from "../../../i18n/families";

/** The time family's strings (`time.*` in the catalogue), in English: the source of its keys. */
const en = {
  title: "Time in {{timezone}}",
  titleLocal: "Current time",
  loading: "Reading the clock…",
  twelveHour: "{{clock}} {{period}}",
  am: "AM",
  pm: "PM",
  date: "Date",
  timezone: "Time zone",
  worldTimes: "World times",
  dayShift: "{{n}} day",
  cities: {
    utc: "UTC",
    newYork: "New York",
    london: "London",
    beijing: "Beijing",
    tokyo: "Tokyo",
    sydney: "Sydney",
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
