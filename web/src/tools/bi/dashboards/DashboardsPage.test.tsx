import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { DashboardInfo } from "../../../generated/bi/DashboardInfo";
import type { LoginResponse } from "../../../generated/LoginResponse";
import { chooseLanguage } from "../../../i18n";
import { FACILITIES } from "../../../test/adminServer";
import { fakeServer } from "../../../test/chatServer";
import { dashboardInfo, fakeDashboardsServer } from "../../../test/dashboards";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { renderApp } from "../../../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles: [] }],
};

const DAY = 86_400_000;
const yard = () => dashboardInfo("a", "Yard dwell time", { createdAt: Date.now() - 3 * DAY, tileCount: 6 });
const doors = () => dashboardInfo("b", "Door utilisation", { createdAt: Date.now() - 2 * 3_600_000, tileCount: 3, chatId: null });
const old = () => dashboardInfo("c", "Carrier scorecard", { createdAt: Date.now() - 40 * DAY, link: null });

afterEach(() => vi.unstubAllGlobals());

type Open = { dashboards?: DashboardInfo[] } & Omit<Parameters<typeof fakeDashboardsServer>[0], "dashboards">;

/** The dashboards page, signed in, against the fake dashboards API. */
async function openDashboards({ dashboards = [yard(), doors(), old()], ...options }: Open = {}) {
  useAuthStore.getState().signIn(session);
  const api = fakeDashboardsServer({ dashboards, ...options });
  const calls = mockFetch(fakeServer({ session, override: api.handler }).handler);
  const user = userEvent.setup();
  const app = renderApp("/dashboards");
  await screen.findByRole("heading", { level: 1, name: "Dashboards" }, { timeout: 5000 });
  return { ...app, calls, store: api.store, user };
}

const rows = () => screen.getAllByTestId("dashboard-row");
const rowOf = (name: string) => rows().find((row) => within(row).queryByText(name))!;
const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET" && c.path.startsWith("/api/dashboards")).map((c) => `${c.method} ${c.path}`);
const origin = window.location.origin;

async function menuItem(user: ReturnType<typeof userEvent.setup>, dashboard: string, item: string) {
  await user.click(screen.getByRole("button", { name: `Actions for ${dashboard}` }));
  await user.click(screen.getByRole("menuitem", { name: item }));
}

describe("the dashboards page", { timeout: 20_000 }, () => {
  it("lists the user's dashboards newest first: name, tiles, age, and whether the link still works", async () => {
    await openDashboards();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => within(row).getByText(/^(Yard|Door|Carrier)/).textContent)).toEqual(["Door utilisation", "Yard dwell time", "Carrier scorecard"]);
    expect(rowOf("Yard dwell time")).toHaveTextContent("Tiles: 6·Created 3 days ago");
    expect(rowOf("Door utilisation")).toHaveTextContent("Created 2 hours ago");
    expect(rowOf("Carrier scorecard")).toHaveTextContent("Created last month");
    expect(within(rowOf("Carrier scorecard")).getByTestId("dashboard-no-link").textContent).toBe("Link revoked");
    expect(within(rowOf("Yard dwell time")).queryByTestId("dashboard-no-link")).toBeNull();
  });

  it("opens a dashboard in a new tab in the reader's language, and its chat", async () => {
    await openDashboards();
    const open = await screen.findByRole("link", { name: "Open Yard dwell time in a new tab" });
    expect(open).toHaveAttribute("href", `${origin}/d/tok-a?lang=en`);
    expect(open).toHaveAttribute("target", "_blank");
    expect(open).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(rowOf("Yard dwell time")).getByRole("link", { name: "Open chat" })).toHaveAttribute("href", "/?chat=chat-a");
    expect(within(rowOf("Door utilisation")).queryByRole("link", { name: "Open chat" })).toBeNull();
    expect(within(rowOf("Carrier scorecard")).queryByRole("link", { name: "Open Carrier scorecard in a new tab" })).toBeNull();
    expect(within(rowOf("Carrier scorecard")).queryByRole("button", { name: "Copy the link to Carrier scorecard" })).toBeNull();
  });

  it("copies a dashboard's link as an address that works anywhere", async () => {
    const { user } = await openDashboards();
    await user.click(await screen.findByRole("button", { name: "Copy the link to Yard dwell time" }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/d/tok-a`);
    expect(within(rowOf("Yard dwell time")).getByRole("button", { name: "Copy the link to Yard dwell time" })).toHaveTextContent("Copied");
  });

  it("revokes a link once confirmed: it is gone from the list", async () => {
    const { calls, user, store } = await openDashboards();
    await screen.findByRole("link", { name: "Open Yard dwell time in a new tab" });
    await menuItem(user, "Yard dwell time", "Revoke link");
    const dialog = screen.getByRole("alertdialog", { name: "Revoke link" });
    expect(dialog).toHaveTextContent("The link to “Yard dwell time” stops working at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(writes(calls)).toEqual([]);

    await menuItem(user, "Yard dwell time", "Revoke link");
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("The link to “Yard dwell time” no longer works.")).toBeVisible();
    expect(writes(calls)).toEqual(["DELETE /api/dashboards/a/link"]);
    expect(store.get("a")?.link).toBeNull();
    await waitFor(() => expect(within(rowOf("Yard dwell time")).getByTestId("dashboard-no-link")).toBeVisible());
    expect(screen.queryByRole("link", { name: "Open Yard dwell time in a new tab" })).toBeNull();
  });

  it("makes a new link, for a revoked one too", async () => {
    const { calls, user } = await openDashboards();
    await screen.findByRole("link", { name: "Open Yard dwell time in a new tab" });
    await menuItem(user, "Yard dwell time", "New link");
    expect(await screen.findByText("“Yard dwell time” has a new link; the old one no longer works.")).toBeVisible();
    await waitFor(() => expect(screen.getByRole("link", { name: "Open Yard dwell time in a new tab" })).toHaveAttribute("href", `${origin}/d/new-a-1?lang=en`));

    await user.click(screen.getByRole("button", { name: "Actions for Carrier scorecard" }));
    expect(screen.queryByRole("menuitem", { name: "Revoke link" })).toBeNull();
    await user.click(screen.getByRole("menuitem", { name: "New link" }));
    await waitFor(() => expect(screen.getByRole("link", { name: "Open Carrier scorecard in a new tab" })).toHaveAttribute("href", `${origin}/d/new-c-2?lang=en`));
    expect(writes(calls)).toEqual(["POST /api/dashboards/a/link", "POST /api/dashboards/c/link"]);
  });

  it("deletes a dashboard once confirmed", async () => {
    const { calls, user } = await openDashboards();
    await screen.findByRole("link", { name: "Open Yard dwell time in a new tab" });
    await menuItem(user, "Door utilisation", "Delete");
    const dialog = screen.getByRole("alertdialog", { name: "Delete dashboard" });
    expect(dialog).toHaveTextContent("“Door utilisation” and its link are deleted. This cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("“Door utilisation” was deleted.")).toBeVisible();
    expect(writes(calls)).toEqual(["DELETE /api/dashboards/b"]);
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it("says what the server refused, in its words", async () => {
    const { user } = await openDashboards({ gone: ["a"] });
    await screen.findByRole("link", { name: "Open Yard dwell time in a new tab" });
    await menuItem(user, "Yard dwell time", "New link");
    expect((await screen.findByRole("alert")).textContent).toBe("This dashboard no longer exists");
  });

  it("explains where dashboards come from when there is none", async () => {
    await openDashboards({ dashboards: [] });
    expect(await screen.findByRole("heading", { name: "No dashboards yet" })).toBeVisible();
    expect(screen.getByText(/make a dashboard of yard dwell time/)).toBeVisible();
    expect(screen.queryByTestId("dashboard-row")).toBeNull();
  });

  it("says the list could not be loaded, and loads it again on Retry", async () => {
    const { user } = await openDashboards({ listFailures: 1 });
    expect(await screen.findByRole("alert")).toHaveTextContent("The dashboards could not be loaded.");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it("is reached from the user menu, by everyone", async () => {
    const { router, user } = await openDashboards();
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.getByRole("menuitem", { name: "Dashboards" })).toHaveAttribute("href", "/dashboards");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("link", { name: "Back to chat" }));
    expect(router.state.location.pathname).toBe("/");
    // The chat page is a chunk of its own: the first import takes a moment.
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Dashboards" }));
    expect(router.state.location.pathname).toBe("/dashboards");
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("zh-TW");
    useAuthStore.getState().signIn(session);
    mockFetch(fakeServer({ session, override: fakeDashboardsServer({ dashboards: [yard()] }).handler }).handler);
    renderApp("/dashboards");
    expect(await screen.findByRole("heading", { level: 1, name: "儀表板" }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole("link", { name: "在新分頁中開啟 Yard dwell time" })).toHaveAttribute("href", `${origin}/d/tok-a?lang=zh-TW`);
    expect(rowOf("Yard dwell time")).toHaveTextContent("卡片：6·建立於3 天前");
  });
});
