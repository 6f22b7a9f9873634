import type { Strings } from "./en";

/** The time family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "{{timezone}} 的时间",
  titleLocal: "当前时间",
  loading: "正在读取时间…",
  twelveHour: "{{period}} {{clock}}",
  am: "上午",
  pm: "下午",
  date: "日期",
  timezone: "时区",
  worldTimes: "世界时间",
  dayShift: "{{n}} 天",
  cities: {
    utc: "UTC",
    newYork: "纽约",
    london: "伦敦",
    beijing: "北京",
    tokyo: "东京",
    sydney: "悉尼",
  },
};

export default zhCN;
