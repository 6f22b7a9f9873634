import { isRecord } from "../../chat/types";
import { num, str } from "../text";

/** imageGenerationTool's result (spec 001 §3). */
export type GeneratedImages = {
  prompt: string | undefined;
  images: { url: string; index: number }[];
  /** The failure the result reports (`success: false`), if it does. */
  failure: string | null | undefined;
};

/** Reads the result: `images` ({url, index}), else the single `imageUrl`. */
export function readImages(output: unknown): GeneratedImages | null {
  if (!isRecord(output)) return null;
  // A failure without words is shown as 'Unknown error' (null here).
  const error = str(output.error) || undefined;
  const failure = output.success === false || error ? (error ?? null) : undefined;
  const listed = Array.isArray(output.images)
    ? output.images.flatMap((item, i) => {
        const url = isRecord(item) ? str(item.url) : str(item);
        return url ? [{ url, index: (isRecord(item) ? num(item.index) : undefined) ?? i }] : [];
      })
    : [];
  const single = str(output.imageUrl);
  const images = listed.length > 0 ? listed : single ? [{ url: single, index: 0 }] : [];
  return { prompt: str(output.prompt), images, failure };
}

/**
 * Whether the page may load the image without asking: links to this site (the file
 * service keeps generated images) and inline image data. Elsewhere waits for a click.
 */
export function isOwnImage(url: string, origin = window.location.origin): boolean {
  if (url.startsWith("data:image/") || url.startsWith("blob:")) return true;
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}
