import { hasRole } from "../auth/roles";
import { UsersIcon } from "../components/icons";
import type { Role } from "../generated/Role";
import { familyPages } from "../tools/pages";
import type { AppPage, FamilyPages, MenuEntry } from "../tools/types";

/** The core's own pages beside the chat: user administration. */
const core: FamilyPages = {
  pages: [
    {
      path: "/admin/users",
      load: () => import("../admin/users/AdminUsersPage"),
      role: "admin",
      denied: (t) => ({ title: t("adminUsers.onlyAdmins"), body: t("adminUsers.onlyAdminsBody") }),
    },
  ],
  menu: [{ path: "/admin/users", label: (t) => t("userMenu.users"), icon: UsersIcon, role: "admin", order: 60 }],
};

/**
 * The signed-in pages beside the chat and the user menu's entries to them: the core's and
 * every family's. Two pages at one address are a mistake in a registration, found at once
 * rather than by which page happens to win.
 */
export function tableOf(parts: readonly FamilyPages[]): { pages: readonly AppPage[]; menu: readonly MenuEntry[] } {
  const pages = parts.flatMap((part) => part.pages);
  const paths = new Set<string>();
  for (const { path } of pages) {
    if (paths.has(path)) throw new Error(`Two pages are registered at ${path}`);
    paths.add(path);
  }
  const menu = parts.flatMap((part) => part.menu ?? []).sort((a, b) => a.order - b.order);
  return { pages, menu };
}

const table = tableOf([core, ...Object.values(familyPages)]);

/** Every signed-in page beside the chat, for the route table. */
export const appPages = table.pages;

/** The user menu's entries that `roles` reach, in their order. */
export function menuFor(roles: readonly Role[], menu: readonly MenuEntry[] = table.menu): MenuEntry[] {
  return menu.filter((entry) => hasRole(roles, entry.role));
}
