import type { Strings } from "./en";

/** The time family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "{{timezone}} 的時間",
  titleLocal: "目前時間",
  loading: "正在讀取時間…",
  twelveHour: "{{period}} {{clock}}",
  am: "上午",
  pm: "下午",
  date: "日期",
  timezone: "時區",
  worldTimes: "世界時間",
  dayShift: "{{n}} 天",
  cities: {
    utc: "UTC",
    newYork: "紐約",
    london: "倫敦",
    beijing: "北京",
    tokyo: "東京",
    sydney: "雪梨",
  },
};

export default zhTW;
