import type { CSSProperties } from "react";
import { ExternalImage } from "../../markdown/ExternalImage";
import { isOwnImage } from "../../lib/images";
import { isRecord, str } from "../../lib/values";
import type { ViewerProps } from "./types";

/** The style properties an image artifact may set: its fit and size, nothing that can load or cover the page. */
const STYLE_KEYS = ["objectFit", "objectPosition", "width", "height", "maxWidth", "maxHeight", "borderRadius", "backgroundColor"] as const;

export function imageStyle(style: unknown): CSSProperties {
  if (!isRecord(style)) return {};
  const out: CSSProperties = {};
  for (const key of STYLE_KEYS) {
    const value = style[key];
    // No url(), expression() or other functions: plain words, lengths and colours.
    if ((typeof value === "string" && /^[\w\s.#%-]*$/.test(value)) || (typeof value === "number" && Number.isFinite(value))) {
      Object.assign(out, { [key]: value });
    }
  }
  return out;
}

/** `image` artifacts: src, with alt and style. Images from elsewhere load when the user asks. */
export function ImageViewer({ artifact }: ViewerProps) {
  const src = str(artifact.props.src) ?? "";
  const alt = str(artifact.props.alt) ?? artifact.title;
  return (
    <div className="grid h-full min-h-0 place-items-center overflow-auto bg-slate-100 p-4" data-testid="image-artifact">
      {isOwnImage(src) ? (
        <img src={src} alt={alt} style={imageStyle(artifact.props.style)} className="max-h-full max-w-full rounded-lg object-contain shadow-sm" />
      ) : (
        <ExternalImage src={src} alt={alt} />
      )}
    </div>
  );
}
