import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../../../api/client";
import { disconnectJira, getJiraConnection, saveJiraConnection, startJiraOAuth, testJiraConnection } from "../api/tracker";
import { useAuthStore } from "../../../auth/store";
import type { JiraConnection } from "../../../generated/JiraConnection";
import { browser } from "./oauthReturn";

/** Keyed by tenant, like the systems: an admin of two tenants never sees one's connection under the other. */
export const trackerKeys = {
  jira: (tenantId: string | null) => ["admin", tenantId, "jira"] as const,
};

export function useJiraConnection() {
  const tenantId = useAuthStore((s) => s.tenantId);
  return useQuery({
    queryKey: trackerKeys.jira(tenantId),
    queryFn: ({ signal }) => getJiraConnection(signal),
  });
}

/** The connection as the server now has it, set at once, then loaded again to be sure. */
function useSetConnection() {
  const queryClient = useQueryClient();
  const tenantId = useAuthStore((s) => s.tenantId);
  return (connection: JiraConnection["connection"]) => {
    const key = trackerKeys.jira(tenantId);
    queryClient.setQueryData<JiraConnection>(key, (known) => ({ connection, oauthAvailable: known?.oauthAvailable ?? false }));
    void queryClient.invalidateQueries({ queryKey: key });
  };
}

function useReload() {
  const queryClient = useQueryClient();
  const tenantId = useAuthStore((s) => s.tenantId);
  return () => void queryClient.invalidateQueries({ queryKey: trackerKeys.jira(tenantId) });
}

export function useSaveJira() {
  const setConnection = useSetConnection();
  return useMutation({ mutationFn: saveJiraConnection, onSuccess: (saved) => setConnection(saved) });
}

export function useDisconnectJira() {
  const setConnection = useSetConnection();
  const reload = useReload();
  // Already gone (another admin disconnected it): the page shows what the server has.
  return useMutation({ mutationFn: disconnectJira, onSuccess: () => setConnection(null), onError: reload });
}

/** A test finding no connection (another admin disconnected it) reloads the page's view of it. */
export function useTestJira() {
  const reload = useReload();
  return useMutation({
    mutationFn: testJiraConnection,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === "jira_not_connected") reload();
    },
  });
}

/** Asks the server for Atlassian's consent page and leaves for it; Atlassian sends the browser back to this page. */
export function useStartJiraOAuth() {
  return useMutation({ mutationFn: startJiraOAuth, onSuccess: ({ authorizeUrl }) => browser.open(authorizeUrl) });
}
