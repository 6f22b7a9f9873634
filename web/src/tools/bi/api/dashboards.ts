import type { DashboardLink } from "../../../generated/bi/DashboardLink";
import type { DashboardList } from "../../../generated/bi/DashboardList";
import { api } from "../../../api/client";

/** The signed-in user's BI dashboards; each has a capability link (`/d/{token}`) until it is revoked. */
const dashboard = (id: string) => `/api/dashboards/${encodeURIComponent(id)}`;

export function listDashboards(signal?: AbortSignal): Promise<DashboardList> {
  return api.get<DashboardList>("/api/dashboards", { signal });
}

/** A new link for the dashboard; the one it had stops working. */
export function renewDashboardLink(id: string): Promise<DashboardLink> {
  return api.post<DashboardLink>(`${dashboard(id)}/link`);
}

/** Revokes the dashboard's link: it answers 404 from then on. */
export function revokeDashboardLink(id: string): Promise<void> {
  return api.delete<void>(`${dashboard(id)}/link`);
}

export function deleteDashboard(id: string): Promise<void> {
  return api.delete<void>(dashboard(id));
}
