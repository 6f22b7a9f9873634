import type { ConnectionInfo } from "../../../generated/tracker/ConnectionInfo";
import type { ConnectionInput } from "../../../generated/tracker/ConnectionInput";
import { type Call, json } from "../../../test/fetchMock";

/** A Jira Cloud connection signing in with an API token, as the server shows it (never the token). */
export function jiraConnection(extra: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return {
    baseUrl: "https://acme.atlassian.net",
    flavour: "cloud",
    auth: "apiToken",
    email: "jira-bot@acme.test",
    hasSecret: true,
    updatedBy: "ada@example.test",
    updatedAt: Date.now() - 2 * 86_400_000,
    grant: null,
    ...extra,
  };
}

/** A Jira Cloud connection made by signing in with Atlassian, whose grant reaches two sites. */
export function atlassianConnection(extra: Partial<ConnectionInfo["grant"] & object> = {}): ConnectionInfo {
  const cloudId = "1324a887-45db-1bf4-1e99-ef0ff456d421";
  return jiraConnection({
    auth: "oAuth",
    email: null,
    grant: {
      cloudId,
      siteName: "acme",
      scopes: ["read:jira-work", "write:jira-work", "read:jira-user", "offline_access"],
      sites: [
        { id: cloudId, url: "https://acme.atlassian.net", name: "acme" },
        { id: "9f1b6c3e-0d2a-4e8b-a7c5-3b2f1e0d9c8a", url: "https://acme-eu.atlassian.net", name: "acme-eu" },
      ],
      expired: false,
      ...extra,
    },
  });
}

export const AUTHORIZE_URL = "https://auth.atlassian.com/authorize?audience=api.atlassian.com&client_id=waybill&response_type=code&prompt=consent&state=s1";

export const JIRA_401 = "Jira refused the connection's credentials (401): an administrator should check the site's email and API token or access token.";

const refused = (status: number, code: string, message: string) => json(status, { code, message });

/** Where the server refuses to connect: the address, with the private one a name resolves to. */
function privateAddress(host: string): string | null {
  const bare = host.replace(/^\[|\]$/g, "");
  if (/^(127\.|10\.|192\.168\.|169\.254\.)|^::1$/.test(bare)) return bare;
  if (bare === "localhost") return "localhost (127.0.0.1)";
  if (bare.endsWith(".internal")) return `${bare} (10.1.2.3)`;
  return null;
}

type Options = {
  connection: ConnectionInfo | null;
  /** The token the fake Jira site takes; any other is refused with a Jira 401 (a 502 here). */
  token?: string;
  /** The token stored with `connection`. */
  storedToken?: string;
  /** Projects the account sees. */
  projectCount?: number;
  /** Who connects the site here. */
  adminEmail?: string;
  forbidden?: boolean;
  /** The server has an OAuth app: administrators may sign in with Atlassian. */
  oauthAvailable?: boolean;
};

/**
 * The Jira connection admin API in memory, for component tests. Checks a connection as
 * the server does: an http(s) URL with no credentials or query (400 jira_invalid), a
 * public address (422 jira_refused), an API token with an email, and a token the first
 * time (400 jira_invalid). A test signs in with the stored token: another one is Jira's
 * 401, answered as a 502 jira_failed, never a 401. Signing in with Atlassian starts only
 * with `oauthAvailable` (else 404 jira_oauth_unavailable). Returns undefined for other
 * paths, so it can be a `fakeServer` override.
 */
export function fakeTrackerServer({
  connection,
  token = "jira-token",
  storedToken = token,
  projectCount = 3,
  adminEmail = "grace@example.test",
  forbidden = false,
  oauthAvailable = false,
}: Options) {
  const state = { connection: connection ? { ...connection } : null, secret: connection ? storedToken : null };

  const save = (input: ConnectionInput): Response => {
    const baseUrl = input.baseUrl.trim().replace(/\/+$/, "");
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      return refused(400, "jira_invalid", `'${baseUrl}' is not a URL`);
    }
    if (!["http:", "https:"].includes(url.protocol) || url.search || url.username) {
      return refused(400, "jira_invalid", "The site URL is an http(s) address with no credentials or query, e.g. https://example.atlassian.net");
    }
    const address = privateAddress(url.hostname);
    if (address) return refused(422, "jira_refused", `Refused to connect to ${address}: it is a private or local address`);
    const email = input.email?.trim() || null;
    if (input.auth === "apiToken" && !email?.includes("@")) return refused(400, "jira_invalid", "An API token signs in with the account's email");
    const secret = input.secret?.trim() || state.secret;
    if (!secret) return refused(400, "jira_invalid", "Give the token the connection signs in with");
    state.secret = secret;
    state.connection = { baseUrl, flavour: input.flavour, auth: input.auth, email, hasSecret: true, updatedBy: adminEmail, updatedAt: Date.now(), grant: null };
    return json(200, state.connection);
  };

  const handler = (call: Call): Response | undefined => {
    const { pathname } = new URL(call.path, "http://waybill.test");
    if (!pathname.startsWith("/api/admin/jira")) return undefined;
    if (forbidden) return refused(403, "forbidden", "Only administrators of this tenant can do this");
    const notConnected = () => refused(404, "jira_not_connected", "No Jira site is connected to this tenant");
    if (pathname === "/api/admin/jira/test" && call.method === "POST") {
      if (!state.connection) return notConnected();
      return state.secret === token ? json(200, { projectCount }) : refused(502, "jira_failed", JIRA_401);
    }
    if (pathname === "/api/admin/jira/oauth/start" && call.method === "POST") {
      if (!oauthAvailable) return refused(404, "jira_oauth_unavailable", "Signing in with Atlassian is not set up on this server: set [tools.jira] oauth_client_id and oauth_client_secret");
      return json(200, { authorizeUrl: AUTHORIZE_URL });
    }
    if (pathname !== "/api/admin/jira") return refused(404, "not_found", "Not found");
    if (call.method === "GET") return json(200, { connection: state.connection, oauthAvailable });
    if (call.method === "PUT") return save(call.body as ConnectionInput);
    if (call.method === "DELETE") {
      if (!state.connection) return notConnected();
      state.connection = null;
      state.secret = null;
      return new Response(null, { status: 204 });
    }
    return refused(405, "method_not_allowed", "Method not allowed");
  };
  return { handler, state };
}
