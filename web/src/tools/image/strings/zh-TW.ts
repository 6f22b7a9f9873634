import type { Strings } from "./en";

/** The image generation family's strings in Traditional Chinese. */
const zhTW: Strings = {
  title: "圖片生成",
  running: "正在生成圖片…",
  count: "{{n}} 張圖片",
  imageAlt: "生成的圖片 {{n}}",
  open: "在側邊欄中開啟圖片 {{n}}",
};

export default zhTW;
