import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { LoginResponse } from "../../../generated/LoginResponse";
import type { ConnectionInfo } from "../../../generated/tracker/ConnectionInfo";
import { chooseLanguage } from "../../../i18n";
import { FACILITIES } from "../../../test/adminServer";
import { fakeServer } from "../../../test/chatServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { renderApp } from "../../../test/render";
import { AUTHORIZE_URL, JIRA_401, atlassianConnection, fakeTrackerServer, jiraConnection } from "../test/trackerServer";
import { browser } from "./oauthReturn";

const nowSec = () => Math.floor(Date.now() / 1000);
const sessionWith = (roles: ("admin" | "agent")[]): LoginResponse => ({
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles }],
});
const admin = sessionWith(["admin"]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Open = { session?: LoginResponse; connection?: ConnectionInfo | null; path?: string } & Omit<Parameters<typeof fakeTrackerServer>[0], "connection">;

/** The issue-tracker page at `path`, signed in with `session`, against the fake Jira connection API. */
async function openTracker({ session = admin, connection = null, path = "/admin/tracker", ...options }: Open = {}) {
  useAuthStore.getState().signIn(session);
  const trackerApi = fakeTrackerServer({ connection, ...options });
  const calls = mockFetch(fakeServer({ session, override: trackerApi.handler }).handler);
  const app = renderApp(path);
  return { ...app, calls, state: trackerApi.state, user: userEvent.setup() };
}

/** Leaving for Atlassian, recorded instead of done. */
const leaving = () => vi.spyOn(browser, "open").mockImplementation(() => undefined);

const writes = (calls: Call[], method: string) => calls.filter((c) => c.method === method && c.path.startsWith("/api/admin/jira"));
const panel = () => screen.findByTestId(/tracker-(built-in|jira)/, {}, { timeout: 5000 });

async function openForm(user: ReturnType<typeof userEvent.setup>, button: "Connect Jira" | "Change", title: string) {
  await user.click(await screen.findByRole("button", { name: button }, { timeout: 5000 }));
  return screen.getByRole("dialog", { name: title });
}

describe("the issue tracker page", { timeout: 20_000 }, () => {
  it("says the built-in tracker is in use while no Jira site is connected", async () => {
    await openTracker();
    expect(await screen.findByRole("heading", { level: 1, name: "Issue tracker" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/files, searches and moves tickets in your company's Jira when one is connected/)).toBeVisible();
    const status = await panel();
    expect(within(status).getByRole("heading", { name: "Waybill Tracker (built in) is in use" })).toBeVisible();
    expect(status).toHaveTextContent("No Jira site is connected to Demo Logistics");
    expect(screen.getByRole("button", { name: "Connect Jira" })).toBeVisible();
    expect(screen.queryByRole("button", { name: /Test connection|Disconnect|Change/ })).toBeNull();
    // No OAuth app on the server: no signing in with Atlassian.
    expect(screen.queryByRole("button", { name: "Connect with Atlassian" })).toBeNull();
  });

  it("shows the connected site with its edition, sign-in and who set it, as text, and never a token", async () => {
    await openTracker({ connection: jiraConnection(), storedToken: "s3cret-jira-token" });
    const status = await panel();
    expect(within(status).getByRole("heading", { name: "Connected to Jira: https://acme.atlassian.net" })).toBeVisible();
    expect(within(status).queryByRole("link")).toBeNull();
    expect(within(status).getByText("Edition").nextElementSibling).toHaveTextContent("Jira Cloud");
    expect(within(status).getByText("Sign-in").nextElementSibling).toHaveTextContent("API token for jira-bot@acme.test");
    expect(within(status).getByTestId("tracker-token")).toHaveTextContent("Token stored");
    expect(within(status).getByText("Set by ada@example.test, 2 days ago")).toBeVisible();
    expect(document.body).not.toHaveTextContent("s3cret-jira-token");
    expect(["Change", "Test connection", "Disconnect"].map((name) => screen.getByRole("button", { name }))).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Connect Jira" })).toBeNull();
  });

  it("tells from hasSecret alone whether a token is stored, and names a Data Center sign-in", async () => {
    await openTracker({ connection: jiraConnection({ baseUrl: "https://jira.acme.test", flavour: "dataCenter", auth: "personalAccessToken", email: null, hasSecret: false }) });
    const status = await panel();
    expect(within(status).getByText("Edition").nextElementSibling).toHaveTextContent("Jira Data Center");
    expect(within(status).getByText("Sign-in").nextElementSibling).toHaveTextContent("Personal access token");
    expect(within(status).getByTestId("tracker-token")).toHaveTextContent("No token stored");
  });

  it("connects a Jira Cloud site with an API token, sending the right body, and shows it", async () => {
    const { calls, user, state } = await openTracker();
    const dialog = await openForm(user, "Connect Jira", "Connect Jira");
    expect(within(dialog).getByRole("radio", { name: "Jira Cloud" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "API token" })).toBeChecked();
    expect(within(dialog).getByLabelText("Token")).toHaveAttribute("type", "password");
    expect(within(dialog).queryByText("Leave empty to keep the stored token.")).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    expect(within(dialog).getByText("Enter the site's URL.")).toBeVisible();
    expect(within(dialog).getByText("Enter the account's email: an API token signs in with it.")).toBeVisible();
    expect(within(dialog).getByText("Enter the token the connection signs in with.")).toBeVisible();
    expect(writes(calls, "PUT")).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: "Site URL" }), "https://acme.atlassian.net/");
    await user.type(within(dialog).getByRole("textbox", { name: "Account email" }), "jira-bot@acme.test");
    await user.type(within(dialog).getByLabelText("Token"), "jira-token");
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "PUT").map((c) => c.body)).toEqual([
      { baseUrl: "https://acme.atlassian.net/", flavour: "cloud", auth: "apiToken", email: "jira-bot@acme.test", secret: "jira-token" },
    ]);
    expect(screen.getByTestId("action-notice")).toHaveTextContent("Jira is connected: https://acme.atlassian.net.");
    const status = await panel();
    expect(within(status).getByRole("heading", { name: "Connected to Jira: https://acme.atlassian.net" })).toBeVisible();
    expect(within(status).getByText("Set by grace@example.test, now")).toBeVisible();
    expect(state.secret).toBe("jira-token");
    expect(document.body).not.toHaveTextContent("jira-token");
  });

  it("offers a personal access token for Data Center, without an email, and OAuth for Cloud", async () => {
    const { calls, user } = await openTracker();
    const dialog = await openForm(user, "Connect Jira", "Connect Jira");
    expect(within(dialog).getAllByRole("radio", { name: /token/ }).map((r) => r.getAttribute("aria-label"))).toEqual(["API token", "OAuth access token"]);
    await user.type(within(dialog).getByRole("textbox", { name: "Account email" }), "jira-bot@acme.test");

    await user.click(within(dialog).getByRole("radio", { name: "Jira Data Center" }));
    expect(within(dialog).getAllByRole("radio", { name: /token/ }).map((r) => r.getAttribute("aria-label"))).toEqual(["Personal access token"]);
    expect(within(dialog).getByRole("radio", { name: "Personal access token" })).toBeChecked();
    expect(within(dialog).queryByRole("textbox", { name: "Account email" })).toBeNull();
    await user.type(within(dialog).getByRole("textbox", { name: "Site URL" }), "https://jira.acme.test");
    await user.type(within(dialog).getByLabelText("Token"), "pat-123");
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "PUT").map((c) => c.body)).toEqual([{ baseUrl: "https://jira.acme.test", flavour: "dataCenter", auth: "personalAccessToken", secret: "pat-123" }]);
    expect(within(await panel()).getByText("Sign-in").nextElementSibling).toHaveTextContent("Personal access token");

    const again = await openForm(user, "Change", "Change the Jira connection");
    await user.click(within(again).getByRole("radio", { name: "Jira Cloud" }));
    expect(within(again).getByRole("radio", { name: "API token" })).toBeChecked();
    await user.click(within(again).getByRole("radio", { name: "OAuth access token" }));
    expect(within(again).queryByRole("textbox", { name: "Account email" })).toBeNull();
  });

  it("changes the connection without a token: the stored one is kept and no secret is sent", async () => {
    const { calls, user, state } = await openTracker({ connection: jiraConnection() });
    const dialog = await openForm(user, "Change", "Change the Jira connection");
    const url = within(dialog).getByRole("textbox", { name: "Site URL" });
    expect(url).toHaveValue("https://acme.atlassian.net");
    expect(within(dialog).getByRole("textbox", { name: "Account email" })).toHaveValue("jira-bot@acme.test");
    const token = within(dialog).getByLabelText("Token");
    expect(token).toHaveValue("");
    expect(token).toHaveAccessibleDescription("Leave empty to keep the stored token.");

    await user.clear(url);
    await user.type(url, "https://acme-ops.atlassian.net");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "PUT").map((c) => c.body)).toEqual([{ baseUrl: "https://acme-ops.atlassian.net", flavour: "cloud", auth: "apiToken", email: "jira-bot@acme.test" }]);
    expect(screen.getByTestId("action-notice")).toHaveTextContent("The connection to https://acme-ops.atlassian.net was saved.");
    expect(state.secret).toBe("jira-token");
    expect(within(await panel()).getByRole("heading", { name: "Connected to Jira: https://acme-ops.atlassian.net" })).toBeVisible();
  });

  it("shows a private address's refusal (422) word for word and keeps the dialog open", async () => {
    const { user, state } = await openTracker();
    const dialog = await openForm(user, "Connect Jira", "Connect Jira");
    await user.click(within(dialog).getByRole("radio", { name: "Jira Data Center" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Site URL" }), "http://10.0.0.5:8080");
    await user.type(within(dialog).getByLabelText("Token"), "pat-123");
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    const refusal = await within(dialog).findByRole("alert");
    expect(refusal).toHaveTextContent("The connection was not saved");
    expect(refusal).toHaveTextContent("Refused to connect to 10.0.0.5: it is a private or local address");
    expect(screen.getByRole("dialog", { name: "Connect Jira" })).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Connect" })).toBeEnabled();
    expect(state.connection).toBeNull();

    // A change to the form clears the refusal.
    await user.type(within(dialog).getByRole("textbox", { name: "Site URL" }), "0");
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("shows invalid settings' refusal (400) word for word, never as markup, and keeps the dialog open", async () => {
    const { user } = await openTracker();
    const dialog = await openForm(user, "Connect Jira", "Connect Jira");
    await user.type(within(dialog).getByRole("textbox", { name: "Site URL" }), "<b>acme</b>");
    await user.type(within(dialog).getByRole("textbox", { name: "Account email" }), "jira-bot@acme.test");
    await user.type(within(dialog).getByLabelText("Token"), "jira-token");
    await user.click(within(dialog).getByRole("button", { name: "Connect" }));
    const refusal = await within(dialog).findByTestId("jira-refusal");
    expect(refusal).toHaveTextContent("The connection was not saved");
    expect(refusal).toHaveTextContent("'<b>acme</b>' is not a URL");
    expect(refusal.querySelector("b")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Connect Jira" })).toBeVisible();
  });

  it("tests the connection and shows how many projects the account sees", async () => {
    const { calls, user } = await openTracker({ connection: jiraConnection(), projectCount: 12 });
    await user.click(await screen.findByRole("button", { name: "Test connection" }, { timeout: 5000 }));
    expect(await screen.findByTestId("tracker-test-ok")).toHaveTextContent("Signed in: 12 projects");
    expect(writes(calls, "POST").map((c) => c.path)).toEqual(["/api/admin/jira/test"]);
  });

  it("shows Jira's refusal of the credentials (a 502 saying 401) and keeps the admin signed in", async () => {
    const { calls, user, router } = await openTracker({ connection: jiraConnection(), storedToken: "wrong" });
    await user.click(await screen.findByRole("button", { name: "Test connection" }, { timeout: 5000 }));
    const failure = await screen.findByTestId("tracker-test-failed");
    expect(failure).toHaveAttribute("role", "alert");
    expect(failure).toHaveTextContent("The connection test failed");
    expect(failure).toHaveTextContent(JIRA_401);
    expect(JIRA_401).toContain("(401)");

    expect(router.state.location.pathname).toBe("/admin/tracker");
    expect(screen.getByRole("heading", { level: 1, name: "Issue tracker" })).toBeVisible();
    expect(useAuthStore.getState().user).not.toBeNull();
    expect(useAuthStore.getState().refreshToken).toBe("refresh-1");
    expect(calls.some((c) => c.path === "/api/auth/refresh" || c.path === "/api/auth/logout")).toBe(false);
    expect(screen.getByRole("button", { name: "User menu for Grace" })).toBeVisible();
  });

  it("disconnects after confirming, and shows the built-in tracker again", async () => {
    const { calls, user } = await openTracker({ connection: jiraConnection() });
    await user.click(await screen.findByRole("button", { name: "Disconnect" }, { timeout: 5000 }));
    const confirm = screen.getByRole("alertdialog", { name: "Disconnect Jira" });
    expect(confirm).toHaveTextContent("Demo Logistics stops using https://acme.atlassian.net");
    expect(confirm).toHaveTextContent("The assistant goes back to the built-in Waybill Tracker");
    expect(writes(calls, "DELETE")).toEqual([]);

    await user.click(within(confirm).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText("Jira was disconnected. The assistant uses Waybill Tracker again.")).toBeVisible();
    expect(writes(calls, "DELETE").map((c) => c.path)).toEqual(["/api/admin/jira"]);
    expect(within(await panel()).getByRole("heading", { name: "Waybill Tracker (built in) is in use" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Connect Jira" })).toBeVisible();
  });

  it("keeps the connection when the confirmation is cancelled", async () => {
    const { calls, user } = await openTracker({ connection: jiraConnection() });
    await user.click(await screen.findByRole("button", { name: "Disconnect" }, { timeout: 5000 }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Disconnect Jira" })).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes(calls, "DELETE")).toEqual([]);
    expect(screen.getByRole("button", { name: "Test connection" })).toBeVisible();
  });

  it("is reached from the user menu", async () => {
    const { router, user } = await openTracker();
    await screen.findByRole("heading", { level: 1, name: "Issue tracker" }, { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.getByRole("menuitem", { name: "Issue tracker" })).toHaveAttribute("href", "/admin/tracker");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("link", { name: "Back to chat" }));
    expect(router.state.location.pathname).toBe("/");
    // The chat page is a chunk of its own: the first import takes a moment.
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Issue tracker" }));
    expect(router.state.location.pathname).toBe("/admin/tracker");
  });

  it("tells a member who is not an administrator that only administrators manage it, with no menu link", async () => {
    const { calls, user } = await openTracker({ session: sessionWith(["agent"]) });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage the issue tracker" }, { timeout: 5000 })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith("/api/admin/"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.queryByRole("menuitem", { name: "Issue tracker" })).toBeNull();
  });

  it("says the same when the server refuses (the grant was taken away)", async () => {
    await openTracker({ forbidden: true });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage the issue tracker" }, { timeout: 5000 })).toBeVisible();
  });

  it("says while it loads, and when loading failed offers a retry", async () => {
    const session = admin;
    useAuthStore.getState().signIn(session);
    let fail = true;
    const trackerApi = fakeTrackerServer({ connection: null });
    const base = fakeServer({ session, override: (call) => (call.path === "/api/admin/jira" && fail ? new Response("boom", { status: 500 }) : trackerApi.handler(call)) });
    mockFetch(base.handler);
    renderApp("/admin/tracker");
    const user = userEvent.setup();
    expect(await screen.findByText("Loading the issue tracker…", {}, { timeout: 5000 })).toBeVisible();
    const failed = await screen.findByText("The issue tracker's settings could not be loaded.", {}, { timeout: 10_000 });
    fail = false;
    await user.click(within(failed.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Waybill Tracker (built in) is in use" })).toBeVisible();
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("ja");
    await openTracker({ connection: jiraConnection({ flavour: "dataCenter", auth: "personalAccessToken", email: null }) });
    expect(await screen.findByRole("heading", { level: 1, name: "課題トラッカー" }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole("heading", { name: "Jira に接続済み: https://acme.atlassian.net" })).toBeVisible();
    expect(screen.getByText("個人用アクセストークン")).toBeVisible();
    expect(screen.getByRole("button", { name: "接続をテスト" })).toBeVisible();
  });
  describe("signing in with Atlassian", () => {
    it("offers Connect with Atlassian beside the token form when the server has an OAuth app, and leaves for the consent page", async () => {
      const open = leaving();
      const { calls, user } = await openTracker({ oauthAvailable: true });
      const signIn = await screen.findByRole("button", { name: "Connect with Atlassian" }, { timeout: 5000 });
      expect(screen.getByRole("button", { name: "Connect Jira" })).toBeVisible();
      expect(screen.getByText(/Jira Cloud: sign in with an Atlassian account and consent/)).toBeVisible();

      // The token form no longer offers a pasted OAuth token: it would never be renewed.
      const dialog = await openForm(user, "Connect Jira", "Connect Jira");
      expect(within(dialog).getAllByRole("radio", { name: /token/ }).map((r) => r.getAttribute("aria-label"))).toEqual(["API token"]);
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

      await user.click(signIn);
      await waitFor(() => expect(open).toHaveBeenCalledWith(AUTHORIZE_URL));
      expect(writes(calls, "POST").map((c) => [c.path, c.body])).toEqual([["/api/admin/jira/oauth/start", {}]]);
      const opening = screen.getByTestId("tracker-connect-atlassian");
      expect(opening).toHaveTextContent("Opening Atlassian…");
      expect(opening).toBeDisabled();
    });

    it("says Jira is connected when Atlassian sends the browser back, and drops the outcome from the address", async () => {
      const { router } = await openTracker({ path: "/admin/tracker?jira=connected", connection: atlassianConnection(), oauthAvailable: true });
      expect(await screen.findByTestId("action-notice", {}, { timeout: 5000 })).toHaveTextContent("Signed in with Atlassian: Jira is connected.");
      expect(screen.getByTestId("action-notice")).toHaveAttribute("role", "status");
      await waitFor(() => expect(router.state.location.search).toBe(""));
      expect(router.state.location.pathname).toBe("/admin/tracker");
      expect(within(await panel()).getByRole("heading", { name: "Connected to Jira: https://acme.atlassian.net" })).toBeVisible();
    });

    it.each([
      ["denied", "Access was declined at Atlassian."],
      ["expired", "The sign-in took longer than 10 minutes. Start again."],
      ["state", "This sign-in is not valid or was already used. Start again."],
      ["browser", "The sign-in came back to another browser, or to another address of Waybill, than the one it started from. Start again here."],
      ["token", "Atlassian did not grant access. The server's administrator should check the app's client ID, secret and callback URL."],
      ["<script>", "Something went wrong while connecting. Please try again."],
    ])("says why signing in connected nothing (%s)", async (reason, said) => {
      const { router } = await openTracker({ path: `/admin/tracker?jira=error&reason=${encodeURIComponent(reason)}`, oauthAvailable: true });
      const notice = await screen.findByRole("alert", {}, { timeout: 5000 });
      expect(notice).toHaveTextContent("Jira was not connected");
      expect(notice).toHaveTextContent(said);
      expect(notice).not.toHaveTextContent("<script>");
      await waitFor(() => expect(router.state.location.search).toBe(""));
      expect(within(await panel()).getByRole("heading", { name: "Waybill Tracker (built in) is in use" })).toBeVisible();
      expect(screen.getByRole("button", { name: "Connect with Atlassian" })).toBeVisible();
    });

    it("shows a connection signed in with Atlassian: the site, the sign-in, the access renewed, Reconnect and Disconnect, never Change", async () => {
      const open = leaving();
      const { calls, user } = await openTracker({ connection: atlassianConnection(), oauthAvailable: true });
      const status = await panel();
      expect(within(status).getByRole("heading", { name: "Connected to Jira: https://acme.atlassian.net" })).toBeVisible();
      expect(within(status).getByText("Sign-in").nextElementSibling).toHaveTextContent("Signed in with Atlassian");
      expect(within(status).getByTestId("tracker-access")).toHaveTextContent("Renewed automatically");
      expect(within(status).queryByTestId("tracker-token")).toBeNull();
      expect(["Reconnect with Atlassian", "Test connection", "Disconnect"].map((name) => screen.getByRole("button", { name }))).toHaveLength(3);
      expect(screen.queryByRole("button", { name: "Change" })).toBeNull();

      // The grant reaches another site too: using it signs in again, naming it.
      expect(within(status).getByTestId("tracker-other-sites")).toHaveTextContent("The Atlassian account also reaches:");
      await user.click(within(status).getByRole("button", { name: "Use https://acme-eu.atlassian.net" }));
      await waitFor(() => expect(open).toHaveBeenCalledWith(AUTHORIZE_URL));
      expect(writes(calls, "POST").map((c) => c.body)).toEqual([{ site: "https://acme-eu.atlassian.net" }]);
    });

    it("says when the grant has expired, and disconnects it like any connection", async () => {
      const { calls, user } = await openTracker({ connection: atlassianConnection({ expired: true }), oauthAvailable: true });
      const status = await panel();
      expect(within(status).getByTestId("tracker-access")).toHaveTextContent("Expired: connect again");
      await user.click(screen.getByRole("button", { name: "Disconnect" }));
      await user.click(within(screen.getByRole("alertdialog", { name: "Disconnect Jira" })).getByRole("button", { name: "Disconnect" }));
      expect(await screen.findByText("Jira was disconnected. The assistant uses Waybill Tracker again.")).toBeVisible();
      expect(writes(calls, "DELETE").map((c) => c.path)).toEqual(["/api/admin/jira"]);
    });

    it("shows the server's refusal to start in its words, and stays on the page", async () => {
      const open = leaving();
      useAuthStore.getState().signIn(admin);
      const trackerApi = fakeTrackerServer({ connection: null, oauthAvailable: true });
      const unavailable = "Signing in with Atlassian is not set up on this server: set [tools.jira] oauth_client_id and oauth_client_secret";
      const base = fakeServer({
        session: admin,
        override: (call) => (call.path === "/api/admin/jira/oauth/start" ? new Response(JSON.stringify({ code: "jira_oauth_unavailable", message: unavailable }), { status: 404, headers: { "Content-Type": "application/json" } }) : trackerApi.handler(call)),
      });
      mockFetch(base.handler);
      renderApp("/admin/tracker");
      const user = userEvent.setup();
      await user.click(await screen.findByRole("button", { name: "Connect with Atlassian" }, { timeout: 5000 }));
      const notice = await screen.findByRole("alert");
      expect(notice).toHaveTextContent("Jira was not connected");
      expect(notice).toHaveTextContent(unavailable);
      expect(open).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Connect with Atlassian" })).toBeEnabled();
    });

    it("speaks the reader's language", async () => {
      await chooseLanguage("de");
      await openTracker({ path: "/admin/tracker?jira=error&reason=denied", connection: atlassianConnection(), oauthAvailable: true });
      expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent("Der Zugriff wurde bei Atlassian abgelehnt.");
      expect(await screen.findByText("Mit Atlassian angemeldet")).toBeVisible();
      expect(screen.getByRole("button", { name: "Erneut mit Atlassian verbinden" })).toBeVisible();
    });
  });
});
