import type { Strings } from "./en";

/** The weather family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "{{location}}的天氣",
  titleAnywhere: "天氣",
  loading: "正在取得{{location}}的天氣…",
  loadingAnywhere: "正在取得天氣…",
  temperature: "{{value}} °{{unit}}",
  humidity: "濕度",
  wind: "風速",
  percent: "{{value}}%",
  windSpeed: "{{value}} 公里/時",
  updated: "更新於 {{time}}",
  note: "數據僅供參考",
  conditions: {
    clearSky: "晴",
    mainlyClear: "大致晴朗",
    partlyCloudy: "局部多雲",
    overcast: "陰",
    fog: "霧",
    drizzle: "毛毛雨",
    freezingDrizzle: "凍毛毛雨",
    lightRain: "小雨",
    rain: "雨",
    heavyRain: "大雨",
    freezingRain: "凍雨",
    lightSnow: "小雪",
    snow: "雪",
    heavySnow: "大雪",
    snowGrains: "米雪",
    rainShowers: "陣雨",
    snowShowers: "陣雪",
    thunderstorm: "雷暴",
    thunderstormHail: "雷暴伴有冰雹",
    unknown: "未知",
  },
};

export default zhTW;
