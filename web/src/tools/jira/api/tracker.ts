import type { JiraConnection } from "../../../generated/JiraConnection";
import type { JiraOAuthStart } from "../../../generated/JiraOAuthStart";
import type { JiraOAuthStarted } from "../../../generated/JiraOAuthStarted";
import type { JiraTest } from "../../../generated/JiraTest";
import type { ConnectionInfo } from "../../../generated/tracker/ConnectionInfo";
import type { ConnectionInput } from "../../../generated/tracker/ConnectionInput";
import { api } from "../../../api/client";

const JIRA = "/api/admin/jira";

/** The current tenant's Jira connection; none while the built-in tracker is in use (admins only; others get 403). */
export function getJiraConnection(signal?: AbortSignal): Promise<JiraConnection> {
  return api.get<JiraConnection>(JIRA, { signal });
}

/** Connects the tenant's Jira site, or changes its connection: without a secret the stored one is kept. */
export function saveJiraConnection(body: ConnectionInput): Promise<ConnectionInfo> {
  return api.put<ConnectionInfo>(JIRA, body);
}

/**
 * Signs in to the site and counts its projects. Jira refusing the credentials is a 502
 * (`jira_failed`) with Jira's reason, never a 401: the Waybill session is not involved.
 */
export function testJiraConnection(): Promise<JiraTest> {
  return api.post<JiraTest>(`${JIRA}/test`);
}

/**
 * Starts connecting the tenant's Jira Cloud site by signing in with Atlassian: answers the
 * consent page to send the browser to (404 `jira_oauth_unavailable` when the server has no
 * OAuth app). Atlassian then sends the browser back to `/admin/tracker?jira=…`.
 */
export function startJiraOAuth(body: JiraOAuthStart = {}): Promise<JiraOAuthStarted> {
  return api.post<JiraOAuthStarted>(`${JIRA}/oauth/start`, body);
}

/** Back to the built-in tracker. */
export function disconnectJira(): Promise<void> {
  return api.delete<void>(JIRA);
}
