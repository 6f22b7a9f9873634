import type { Strings } from "./en";

/** The image generation family's strings in Simplified Chinese. */
const zhCN: Strings = {
  title: "图片生成",
  running: "正在生成图片…",
  count: "{{n}} 张图片",
  imageAlt: "生成的图片 {{n}}",
  open: "在侧边栏中打开图片 {{n}}",
};

export default zhCN;
