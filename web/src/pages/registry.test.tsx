import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hasRole } from "../auth/roles";
import { useAuthStore } from "../auth/store";
import { MemoryIcon } from "../tools/memory/pageIcons";
import type { Role } from "../generated/Role";
import type { LoginResponse } from "../generated/LoginResponse";
import i18n from "../i18n";
import { routes } from "../routes";
import { fakeServer } from "../test/chatServer";
import { mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";
import type { FamilyPages } from "../tools/types";
import { appPages, menuFor, tableOf } from "./registry";

afterEach(() => vi.unstubAllGlobals());

const label = (entry: { label: (t: typeof i18n.t) => string }) => entry.label(i18n.t);
const ROLE_SETS: readonly (readonly Role[])[] = [[], ["agent"], ["admin"], ["agent", "admin"]];

describe("the page table", () => {
  const yard: FamilyPages = {
    pages: [
      { path: "/yard", load: () => Promise.resolve({ default: () => null }), role: "member" },
      { path: "/admin/yard", load: () => Promise.resolve({ default: () => null }), role: "admin", denied: () => ({ title: "Only admins", body: "Ask one" }) },
    ],
    menu: [
      { path: "/admin/yard", label: () => "Yard settings", icon: MemoryIcon, role: "admin", order: 75 },
      { path: "/yard", label: () => "Yard", icon: MemoryIcon, role: "member", order: 5 },
    ],
  };

  it("takes a family's pages with their roles, and its menu entries in their order", () => {
    const table = tableOf([yard]);
    expect(table.pages.map((page) => [page.path, page.role])).toEqual([
      ["/yard", "member"],
      ["/admin/yard", "admin"],
    ]);
    expect(menuFor([], table.menu).map((entry) => entry.path)).toEqual(["/yard"]);
    expect(menuFor(["admin"], table.menu).map((entry) => entry.path)).toEqual(["/yard", "/admin/yard"]);
  });

  it("refuses two pages at one address", () => {
    expect(() => tableOf([yard, { pages: [yard.pages[0]!] }])).toThrow("Two pages are registered at /yard");
  });

  it("routes every page of the core and the families, each at its own address", () => {
    const paths = routes[0]!.children!.map((route) => route.path);
    for (const page of appPages) expect(paths, page.path).toContain(page.path);
    expect(appPages.map((page) => page.path)).toEqual(expect.arrayContaining(["/admin/users", "/admin/memories", "/admin/knowledge", "/dashboards", "/tracker", "/tracker/browse/:key", "/desk", "/admin/systems", "/admin/cubes", "/admin/tracker"]));
  });

  it("shows no menu entry to someone its page would refuse", () => {
    for (const roles of ROLE_SETS) {
      for (const entry of menuFor(roles)) {
        const page = appPages.find((p) => p.path === entry.path);
        expect(page, entry.path).toBeDefined();
        expect(hasRole(roles, page!.role), `${entry.path} for ${roles.join("+") || "a member"}`).toBe(true);
      }
    }
  });
});

describe("the user menu's entries", () => {
  /** The labels of today's entries that `roles` see, in their order; a family added later may come between them. */
  const today = (roles: readonly Role[]) => menuFor(roles).map(label).filter((text) => TODAY.includes(text));
  const TODAY = ["Memory", "Knowledge bases", "Dashboards", "Issues", "Agent desk", "Users", "Business systems", "BI cubes", "Issue tracker"];

  it("are the members' pages for a member", () => {
    expect(menuFor([]).every((entry) => entry.role === "member")).toBe(true);
    expect(today([])).toEqual(["Memory", "Knowledge bases", "Dashboards", "Issues"]);
  });

  it("add the desk for an agent", () => {
    expect(menuFor(["agent"]).every((entry) => entry.role !== "admin")).toBe(true);
    expect(today(["agent"])).toEqual(["Memory", "Knowledge bases", "Dashboards", "Issues", "Agent desk"]);
  });

  it("add the desk and the administration pages for an administrator", () => {
    expect(menuFor(["admin"])).toEqual(menuFor(["agent", "admin"]));
    expect(today(["admin"])).toEqual(TODAY);
  });
});

describe("a page for agents", () => {
  const nowSec = () => Math.floor(Date.now() / 1000);
  const sessionWith = (roles: Role[]): LoginResponse => ({
    accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
    refreshToken: "refresh-1",
    user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
    tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles }],
  });

  it("tells a member whom it is for, and the member's menu does not offer it", async () => {
    const session = sessionWith([]);
    useAuthStore.getState().signIn(session);
    mockFetch(fakeServer({ session }).handler);
    renderApp("/desk");

    expect(await screen.findByRole("heading", { name: "The agent desk is for live agents" }, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "User menu for Grace" }));
    const menu = within(screen.getByRole("menu"));
    expect(menu.queryByRole("menuitem", { name: "Agent desk" })).toBeNull();
    expect(menu.getByRole("menuitem", { name: "Issues" })).toHaveAttribute("href", "/tracker");
  });

  it("is in an agent's menu, and opens from it", async () => {
    const session = sessionWith(["agent"]);
    useAuthStore.getState().signIn(session);
    mockFetch(fakeServer({ session }).handler);
    const { router } = renderApp("/");

    await userEvent.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    const menu = within(screen.getByRole("menu"));
    expect(menu.queryByRole("menuitem", { name: "Users" })).toBeNull();
    await userEvent.click(menu.getByRole("menuitem", { name: "Agent desk" }));
    expect(router.state.location.pathname).toBe("/desk");
  });
});
