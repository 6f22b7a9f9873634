/**
 * The link to hand to the invited person. The server answers a path (`/invite/…`) unless
 * it knows its public address; a path is made absolute on this page's origin.
 */
export function absoluteInvitationUrl(url: string, origin: string = window.location.origin): string {
  return url.startsWith("/") ? `${origin}${url}` : url;
}
