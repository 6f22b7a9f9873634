import type { Strings } from "./en";

/** The weather family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "{{location}}的天气",
  titleAnywhere: "天气",
  loading: "正在获取{{location}}的天气…",
  loadingAnywhere: "正在获取天气…",
  temperature: "{{value}} °{{unit}}",
  humidity: "湿度",
  wind: "风速",
  percent: "{{value}}%",
  windSpeed: "{{value}} 公里/时",
  updated: "更新于 {{time}}",
  note: "数据仅供参考",
  conditions: {
    clearSky: "晴",
    mainlyClear: "大致晴朗",
    partlyCloudy: "局部多云",
    overcast: "阴",
    fog: "雾",
    drizzle: "毛毛雨",
    freezingDrizzle: "冻毛毛雨",
    lightRain: "小雨",
    rain: "雨",
    heavyRain: "大雨",
    freezingRain: "冻雨",
    lightSnow: "小雪",
    snow: "雪",
    heavySnow: "大雪",
    snowGrains: "米雪",
    rainShowers: "阵雨",
    snowShowers: "阵雪",
    thunderstorm: "雷暴",
    thunderstormHail: "雷暴伴有冰雹",
    unknown: "未知",
  },
};

export default zhCN;
