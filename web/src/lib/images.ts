/**
 * Whether the page may load an image without asking: links to this site (the file
 * service keeps uploads and generated images) and inline image data. Elsewhere waits for
 * a click, so a tool or a model cannot make the browser call another site.
 */
export function isOwnImage(url: string, origin = window.location.origin): boolean {
  if (url.startsWith("data:image/") || url.startsWith("blob:")) return true;
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}
