import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../auth/store";
import type { LoginResponse } from "../../generated/LoginResponse";
import { chooseLanguage } from "../../i18n";
import { FACILITIES, fakeAdminServer, member } from "../../test/adminServer";
import { fakeServer } from "../../test/chatServer";
import { type Call, mockFetch } from "../../test/fetchMock";
import { makeJwt } from "../../test/jwt";
import { renderApp } from "../../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const sessionWith = (roles: ("admin" | "agent")[]): LoginResponse => ({
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles }],
});
const admin = sessionWith(["admin"]);

const grace = member("u1", "grace@example.test", { firstName: "Grace", roles: ["admin"], facilities: ["dc-ontario", "yard-fontana"], lastLoginAt: "2026-11-20T08:30:00Z" });
const ada = member("u2", "ada@example.test", { firstName: "Ada", roles: ["agent"], facilities: ["xdock-savannah"], status: "invited" });
const bob = member("u3", "bob@example.test", { status: "suspended" });

afterEach(() => vi.unstubAllGlobals());

/** The users page, signed in with `session`, against the fake admin API. */
async function openUsers({ session = admin, members = [grace, ada, bob], forbidden = false } = {}) {
  useAuthStore.getState().signIn(session);
  const adminApi = fakeAdminServer({ members, forbidden });
  const calls = mockFetch(fakeServer({ session, override: adminApi.handler }).handler);
  const app = renderApp("/admin/users");
  return { ...app, calls, store: adminApi.store, user: userEvent.setup() };
}

const rowOf = (name: string) => screen.getByRole("rowheader", { name: new RegExp(name) }).closest("tr")!;
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === "GET" && c.path.startsWith("/api/admin/users?")).map((c) => new URL(c.path, "http://x").searchParams);

describe("the users page", { timeout: 20_000 }, () => {
  it("lists the tenant's members with roles, facilities by name, status and last sign-in", async () => {
    await openUsers();
    expect(await screen.findByRole("heading", { level: 1, name: "Users" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText("The members of Demo Logistics: who can sign in, their roles and the facilities they work in.")).toBeVisible();

    const me = await waitFor(() => rowOf("Grace"));
    expect(within(me).getByText("grace@example.test")).toBeVisible();
    expect(within(me).getByText("You")).toBeVisible();
    expect(within(me).getByText("Admin")).toBeVisible();
    expect(within(me).getByText("Ontario DC, Fontana Yard")).toBeVisible();
    expect(within(me).getByText("Active")).toBeVisible();
    expect(within(me).getByText(/Nov 20, 2026/)).toBeVisible();

    const invited = rowOf("Ada");
    expect(within(invited).getByText("Agent")).toBeVisible();
    expect(within(invited).getByText("Savannah Cross-dock")).toBeVisible();
    expect(within(invited).getByText("Invited")).toBeVisible();
    expect(within(invited).getByText("Never")).toBeVisible();
    expect(within(rowOf("bob")).getByText("Suspended")).toBeVisible();
    expect(screen.getByText("1–3 of 3")).toBeVisible();
  });

  it("searches as one types, filters by status and pages through", async () => {
    const many = Array.from({ length: 25 }, (_, i) => member(`m${i}`, `picker${String(i).padStart(2, "0")}@example.test`));
    const { calls, user } = await openUsers({ members: [grace, ada, bob, ...many] });
    await screen.findByText("1–20 of 28", {}, { timeout: 5000 });

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("21–28 of 28")).toBeVisible();
    expect(listCalls(calls).at(-1)?.get("offset")).toBe("20");
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();

    await user.type(screen.getByRole("searchbox", { name: "Search members" }), "picker1");
    expect(await screen.findByText("1–10 of 10")).toBeVisible();
    const searched = listCalls(calls).at(-1)!;
    expect([searched.get("search"), searched.get("offset")]).toEqual(["picker1", "0"]);

    await user.clear(screen.getByRole("searchbox", { name: "Search members" }));
    await user.click(screen.getByRole("radio", { name: "Invited" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(rowOf("Ada")).toBeTruthy();
    expect(listCalls(calls).at(-1)?.get("status")).toBe("invited");

    await user.click(screen.getByRole("radio", { name: "All" }));
    await user.type(screen.getByRole("searchbox", { name: "Search members" }), "nobody");
    expect(await screen.findByText("No members match.")).toBeVisible();
  });

  it("adds a member by invitation and shows the link to copy, absolute, with its expiry", async () => {
    const { calls, user } = await openUsers();
    await user.click(await screen.findByRole("button", { name: "Add member" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Add member" });

    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "new.picker@example.test");
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Nora");
    await user.click(within(dialog).getByRole("checkbox", { name: /Agent/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add member" }));
    expect(within(dialog).getByText("Choose at least one facility.")).toBeVisible();
    expect(within(dialog).getByRole("checkbox", { name: "Ontario DC" })).toHaveFocus();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(within(dialog).getByRole("checkbox", { name: "Fontana Yard" }));
    expect(within(dialog).getByRole("radio", { name: /Send an invitation link/ })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Add member" }));

    expect(await within(dialog).findByText("new.picker@example.test was added. Send them this link to choose a password:")).toBeVisible();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ email: "new.picker@example.test", firstName: "Nora", roles: ["agent"], facilities: ["yard-fontana"] });
    const link = within(dialog).getByRole("textbox", { name: "Invitation link" });
    expect(link).toHaveValue(`${window.location.origin}/invite/token-1`);
    expect(within(dialog).getByText(/Works once, until Nov 27, 2026/)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/invite/token-1`);
    expect(within(dialog).getByRole("button", { name: "Copied" })).toBeVisible();

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(await screen.findByRole("rowheader", { name: /Nora/ })).toBeVisible();
  });

  it("adds a member with a password, checking its length first, and shows the server's refusal", async () => {
    const { calls, user } = await openUsers();
    await user.click(await screen.findByRole("button", { name: "Add member" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Add member" });
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "ada@example.test");
    await user.click(within(dialog).getByRole("checkbox", { name: "Ontario DC" }));
    await user.click(within(dialog).getByRole("radio", { name: /Set a password now/ }));
    await user.type(within(dialog).getByLabelText("Password"), "short");
    await user.click(within(dialog).getByRole("button", { name: "Add member" }));
    expect(within(dialog).getByText("The password must be at least 8 characters.")).toBeVisible();
    expect(within(dialog).getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Password")).toHaveFocus();

    await user.type(within(dialog).getByLabelText("Password"), "-and-longer");
    await user.click(within(dialog).getByRole("button", { name: "Add member" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This email is already a member of this tenant");

    const email = within(dialog).getByRole("textbox", { name: "Email" });
    await user.clear(email);
    await user.type(email, "sam@example.test");
    await user.click(within(dialog).getByRole("button", { name: "Add member" }));
    expect(await within(dialog).findByText("sam@example.test was added and can sign in now.")).toBeVisible();
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toMatchObject({ email: "sam@example.test", password: "short-and-longer", roles: [], facilities: ["dc-ontario"] });
    expect(within(dialog).queryByRole("textbox", { name: "Invitation link" })).toBeNull();
  });

  it("edits roles and facilities, and shows the server's message when the last admin would go", async () => {
    const { calls, user } = await openUsers();
    await user.click(await screen.findByRole("button", { name: "Actions for Ada" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Edit roles and facilities" }));
    let dialog = screen.getByRole("dialog", { name: "Edit Ada" });
    expect(within(dialog).getByRole("checkbox", { name: /Agent/ })).toBeChecked();
    await user.click(within(dialog).getByRole("checkbox", { name: /Admin/ }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Ontario DC" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({ path: "/api/admin/users/u2", body: { roles: ["agent", "admin"], facilities: ["xdock-savannah", "dc-ontario"] } });
    expect(screen.getByRole("status")).toHaveTextContent("The changes to ada@example.test were saved.");
    expect(await within(rowOf("Ada")).findByText("Ontario DC, Savannah Cross-dock")).toBeVisible();

    // Ada is an admin now but not active; Grace is the only active admin.
    await user.click(screen.getByRole("button", { name: "Actions for Grace" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit roles and facilities" }));
    dialog = screen.getByRole("dialog", { name: "Edit Grace" });
    await user.click(within(dialog).getByRole("checkbox", { name: /Admin/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The tenant must keep at least one active admin");
  });

  it("grants the agent role and takes it away again", async () => {
    const dan = member("u4", "dan@example.test", { firstName: "Dan" });
    const { calls, store, user } = await openUsers({ members: [grace, ada, bob, dan] });
    await user.click(await screen.findByRole("button", { name: "Actions for Dan" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Edit roles and facilities" }));
    let dialog = screen.getByRole("dialog", { name: "Edit Dan" });
    const agentRole = within(dialog).getByRole("checkbox", { name: /Agent/ });
    expect(agentRole).not.toBeChecked();
    expect(agentRole).toHaveAccessibleName("AgentTakes over chats as a live agent");
    await user.click(agentRole);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PATCH").at(-1)).toMatchObject({ path: "/api/admin/users/u4", body: { roles: ["agent"] } });
    expect(store.get("u4")?.roles).toEqual(["agent"]);
    expect(await within(rowOf("Dan")).findByText("Agent")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Actions for Ada" }));
    await user.click(screen.getByRole("menuitem", { name: "Edit roles and facilities" }));
    dialog = screen.getByRole("dialog", { name: "Edit Ada" });
    await user.click(within(dialog).getByRole("checkbox", { name: /Agent/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PATCH").at(-1)).toMatchObject({ path: "/api/admin/users/u2", body: { roles: [] } });
    expect(store.get("u2")?.roles).toEqual([]);
    await waitFor(() => expect(within(rowOf("Ada")).queryByText("Agent")).toBeNull());
  });

  it("suspends and reactivates members, makes a new invitation link, and removes after confirming", async () => {
    const dan = member("u4", "dan@example.test", { firstName: "Dan" });
    const { calls, user } = await openUsers({ members: [grace, ada, bob, dan] });
    await user.click(await screen.findByRole("button", { name: "Actions for Dan" }, { timeout: 5000 }));
    expect(screen.queryByRole("menuitem", { name: "New invitation link" })).toBeNull();
    await user.click(screen.getByRole("menuitem", { name: "Suspend" }));
    expect(await screen.findByText("dan@example.test is suspended and signed out.")).toBeVisible();
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({ path: "/api/admin/users/u4", body: { status: "suspended" } });
    expect(await within(rowOf("Dan")).findByText("Suspended")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Actions for bob" }));
    await user.click(screen.getByRole("menuitem", { name: "Reactivate" }));
    expect(await screen.findByText("bob@example.test is active again.")).toBeVisible();
    expect(await within(rowOf("bob")).findByText("Active")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Actions for Ada" }));
    await user.click(screen.getByRole("menuitem", { name: "New invitation link" }));
    const invitation = screen.getByRole("dialog", { name: "New invitation link" });
    expect(invitation).toHaveTextContent("A new link for ada@example.test. Earlier links no longer work.");
    expect(await within(invitation).findByRole("textbox", { name: "Invitation link" })).toHaveValue(`${window.location.origin}/invite/token-1`);
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/admin/users/u2/invitation"]);
    await user.click(within(invitation).getByRole("button", { name: "Done" }));

    await user.click(screen.getByRole("button", { name: "Actions for Ada" }));
    await user.click(screen.getByRole("menuitem", { name: "Remove from tenant" }));
    const confirm = screen.getByRole("alertdialog", { name: "Remove member" });
    expect(confirm).toHaveTextContent("ada@example.test loses access to Demo Logistics at once. Their chats there are kept.");
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("ada@example.test was removed from Demo Logistics.")).toBeVisible();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/admin/users/u2")).toBe(true);
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: /Ada/ })).toBeNull());
  });

  it("is reached from the user menu, which offers Users to administrators only", async () => {
    const { router, user } = await openUsers();
    await screen.findByRole("heading", { name: "Users" }, { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.getByRole("menuitem", { name: "Users" })).toHaveAttribute("href", "/admin/users");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("link", { name: "Back to chat" }));
    expect(router.state.location.pathname).toBe("/");
    // The chat page is a chunk of its own: the first import takes a moment.
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Users" }));
    expect(router.state.location.pathname).toBe("/admin/users");
  });

  it("tells a member who is not an administrator that only administrators manage users", async () => {
    const { calls, user } = await openUsers({ session: sessionWith(["agent"]) });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage users" }, { timeout: 5000 })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith("/api/admin/"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.queryByRole("menuitem", { name: "Users" })).toBeNull();
  });

  it("says the same when the server refuses the list (the grant was taken away)", async () => {
    await openUsers({ forbidden: true });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage users" }, { timeout: 5000 })).toBeVisible();
  });

  it("shows members as labelled cards on a phone", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    await openUsers();
    const cards = await screen.findAllByTestId("member-row", {}, { timeout: 5000 });
    expect(screen.queryByRole("table")).toBeNull();
    const card = cards.find((c) => c.textContent?.includes("Ada"))!;
    expect(within(card).getByText("Facilities").nextElementSibling).toHaveTextContent("Savannah Cross-dock");
    expect(within(card).getByRole("button", { name: "Actions for Ada" })).toBeVisible();
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("de");
    await openUsers();
    expect(await screen.findByRole("heading", { level: 1, name: "Benutzer" }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole("button", { name: "Mitglied hinzufügen" })).toBeVisible();
    expect(within(await waitFor(() => rowOf("Ada"))).getByText("Eingeladen")).toBeVisible();
  });
});
