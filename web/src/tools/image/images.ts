import type { ImageGenerationReport } from "../../generated/tools/image/ImageGenerationReport";

/**
 * imageGenerationTool's result as chats stored by the spec's earlier assistant hold it
 * (spec 001 §3, §8): a failure reported as `{success: false, error}`, and results with
 * only `imageUrl` or images without `fileId`. This server reports failures as failed
 * calls and always lists `images`.
 */
type OlderImageResult = {
  success?: boolean;
  prompt?: string;
  imageUrl?: string;
  images?: readonly { url: string; index?: number }[];
  error?: string;
};

/** What the card shows of the result. */
export type GeneratedImages = {
  prompt: string | undefined;
  images: { url: string; index: number }[];
  /** The failure the result reports (`success: false`), if it does; null when it has no words. */
  failure: string | null | undefined;
};

/** Reads the result: `images`, else the single `imageUrl`. */
export function readImages(output: ImageGenerationReport | OlderImageResult | undefined): GeneratedImages | null {
  if (!output) return null;
  const older: OlderImageResult = output;
  const error = older.error || undefined;
  const failure = output.success === false || error ? (error ?? null) : undefined;
  const listed = Array.isArray(output.images)
    ? output.images.flatMap((item, i) => (typeof item?.url === "string" && item.url ? [{ url: item.url, index: item.index ?? i }] : []))
    : [];
  const single = output.imageUrl;
  const images = listed.length > 0 ? listed : single ? [{ url: single, index: 0 }] : [];
  return { prompt: output.prompt, images, failure };
}
