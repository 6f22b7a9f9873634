import type { Strings } from "./en";

/** The image generation family's strings in Japanese. */
const ja: Strings = {
  title: "画像生成",
  running: "画像を生成しています…",
  count: "{{n}} 枚の画像",
  imageAlt: "生成された画像 {{n}}",
  open: "画像 {{n}} をサイドパネルで開く",
};

export default ja;
