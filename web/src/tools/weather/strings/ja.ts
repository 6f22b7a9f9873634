import type { Strings } from "./en";

/** The weather family's strings in Japanese. */
const ja: Strings = {
  title: "{{location}}の天気",
  titleAnywhere: "天気",
  loading: "{{location}}の天気を取得しています…",
  loadingAnywhere: "天気を取得しています…",
  temperature: "{{value}} °{{unit}}",
  humidity: "湿度",
  wind: "風速",
  percent: "{{value}}%",
  windSpeed: "{{value}} km/h",
  updated: "更新: {{time}}",
  note: "データは参考値です",
  conditions: {
    clearSky: "快晴",
    mainlyClear: "晴れ",
    partlyCloudy: "晴れ時々曇り",
    overcast: "曇り",
    fog: "霧",
    drizzle: "霧雨",
    freezingDrizzle: "着氷性の霧雨",
    lightRain: "小雨",
    rain: "雨",
    heavyRain: "大雨",
    freezingRain: "着氷性の雨",
    lightSnow: "小雪",
    snow: "雪",
    heavySnow: "大雪",
    snowGrains: "霧雪",
    rainShowers: "にわか雨",
    snowShowers: "にわか雪",
    thunderstorm: "雷雨",
    thunderstormHail: "雹を伴う雷雨",
    unknown: "不明",
  },
};

export default ja;
