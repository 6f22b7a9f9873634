import type { FamilyPages } from "../types";
import { CubeIcon, DashboardIcon } from "./pageIcons";

/** The user's dashboards, and the cubes' administration page. */
const pages: FamilyPages = {
  pages: [
    { path: "/dashboards", load: () => import("./dashboards/DashboardsPage"), role: "member" },
    {
      path: "/admin/cubes",
      load: () => import("./admin/AdminCubesPage"),
      role: "admin",
      denied: (t) => ({ title: t("bi.admin.onlyAdmins"), body: t("bi.admin.onlyAdminsBody") }),
    },
  ],
  menu: [
    { path: "/dashboards", label: (t) => t("bi.dashboards.menu"), icon: DashboardIcon, role: "member", order: 30 },
    { path: "/admin/cubes", label: (t) => t("bi.admin.menu"), icon: CubeIcon, role: "admin", order: 80 },
  ],
};

export default pages;
