/** Where the file service serves what it stores (`non_expire_view_url`). */
export const FILE_VIEW_PATH = "/api/file-app/v1/file/view/";

/**
 * Whether `url` is a link to a file Waybill stores: a view link on this site. Only these
 * are shown as images on the desk, so a message cannot make an agent's browser call
 * another site, and `javascript:` or `data:` never become a link or an image.
 */
export function isWaybillFileLink(url: string, origin = window.location.origin): boolean {
  const value = url.trim();
  if (!value || value.startsWith("//")) return false;
  try {
    const parsed = new URL(value, origin);
    return parsed.origin === origin && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.pathname.startsWith(FILE_VIEW_PATH);
  } catch {
    return false;
  }
}

/** The file's name as its view link ends with it, for the image's text alternative. */
export function fileNameOf(url: string): string {
  const last = url.split(/[?#]/)[0]?.split("/").at(-1) ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
