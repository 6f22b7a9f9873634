import type { FamilyPages } from "../types";
import { MemoryIcon } from "./pageIcons";

/** What the assistant remembers, for every member. */
const pages: FamilyPages = {
  pages: [{ path: "/admin/memories", load: () => import("./page/MemoriesPage"), role: "member" }],
  menu: [{ path: "/admin/memories", label: (t) => t("memory.page.menu"), icon: MemoryIcon, role: "member", order: 10 }],
};

export default pages;
