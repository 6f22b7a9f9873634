/**
 * Links the form shows from values it did not write (a file field's upload link, read
 * back from a stored answer): only web addresses and the app's own paths become links.
 */

/** The link when it is http(s) or a path on this site; null for anything else (`javascript:`, `data:`…). */
export function safeLink(url: string): string | null {
  const text = url.trim();
  if (text.startsWith("/") && !text.startsWith("//")) return text;
  try {
    const parsed = new URL(text);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** What a link's file is called: the last part of its path, decoded. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const last = path.split("/").filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
