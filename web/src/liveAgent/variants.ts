import { freshAccessToken } from "../api/client";
import { useAuthStore } from "../auth/store";
import type { WaybillCredentials } from "./imClient";

/**
 * The site variants (spec 002 §6), chosen by the site identifier: `primary`, `portal`
 * or `third`; any other falls back to `primary`.
 *
 * - primary: the messaging login uses the signed-in user's session as the app holds it;
 * - portal: it uses the session record the web client stored, read again first (another
 *   tab may have renewed it);
 * - third: like primary, and the customer is queued through a temporary session made
 *   from their email and name (the page's form, or three prompts).
 */
export type SiteVariant = "primary" | "portal" | "third";

export function siteVariant(site: string | null | undefined): SiteVariant {
  return site === "portal" || site === "third" ? site : "primary";
}

/** Whether the variant asks the user's details and queues through a temporary session. */
export function needsUserInfo(variant: SiteVariant): boolean {
  return variant === "third";
}

/** Where the variant reads the Waybill session the messaging login is made from. */
export function credentialsFor(variant: SiteVariant): () => Promise<WaybillCredentials> {
  if (variant === "portal") {
    return async () => {
      await useAuthStore.persist.rehydrate();
      const accessToken = await freshAccessToken();
      return { accessToken, tenantId: useAuthStore.getState().tenantId };
    };
  }
  return async () => ({ accessToken: await freshAccessToken(), tenantId: useAuthStore.getState().tenantId });
}
