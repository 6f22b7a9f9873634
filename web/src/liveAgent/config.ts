import { api } from "../api/client";
import { isRecord, str } from "../lib/values";
import { type SiteVariant, siteVariant } from "./variants";

/**
 * Where the messaging service is (`GET /api/live-agent/config`): `serviceUrl` "" is
 * Waybill's own service at this origin; `wsUrl` "" is derived from it.
 */
export type LiveAgentConfig = { serviceUrl: string; wsUrl: string; site: SiteVariant };

export const liveAgentKeys = { config: ["live-agent", "config"] as const };

export async function fetchLiveAgentConfig(signal?: AbortSignal): Promise<LiveAgentConfig> {
  const body = await api.get<unknown>("/api/live-agent/config", { signal });
  const record = isRecord(body) ? body : {};
  return {
    serviceUrl: (str(record.serviceUrl) ?? "").replace(/\/+$/, ""),
    wsUrl: str(record.wsUrl) ?? "",
    site: siteVariant(str(record.site)),
  };
}
