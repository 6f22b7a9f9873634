import type { Strings } from "./en";

/** The time family's strings in Japanese. */
const ja: Strings = {
  title: "{{timezone}} の時刻",
  titleLocal: "現在の時刻",
  loading: "時刻を取得しています…",
  twelveHour: "{{period}} {{clock}}",
  am: "午前",
  pm: "午後",
  date: "日付",
  timezone: "タイムゾーン",
  worldTimes: "世界の時刻",
  dayShift: "{{n}} 日",
  cities: {
    utc: "UTC",
    newYork: "ニューヨーク",
    london: "ロンドン",
    beijing: "北京",
    tokyo: "東京",
    sydney: "シドニー",
  },
};

export default ja;
