/**
 * Which URLs from model output may become live links or images. Everything else renders
 * as text: no `javascript:`, `data:`, `vbscript:` or anything we did not think of.
 */
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** An absolute http(s)/mailto URL, or a path on this site; null for anything else. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  if (value.startsWith("#")) return value;
  try {
    const parsed = new URL(value);
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** An absolute http(s) image URL, for the click-to-load placeholder; null otherwise. */
export function externalImageUrl(url: string | null | undefined): URL | null {
  const value = url?.trim();
  if (!value) return null;
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Images a message may show without asking: files on this site (uploads), and inline
 * data or blob URLs of images. Anything else is fetched only when the user says so.
 */
export function isAutoLoadableImage(url: string): boolean {
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  return url.startsWith("data:image/") || url.startsWith("blob:");
}
