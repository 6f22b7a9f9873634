import type { FamilyPages } from "../types";
import { TrackerIcon } from "./pageIcons";

/** The built-in tracker's pages (Issues, for every member) and its administration page. */
const pages: FamilyPages = {
  pages: [
    { path: "/tracker", load: () => import("./issues/TrackerListPage"), role: "member" },
    { path: "/tracker/browse/:key", load: () => import("./issues/IssuePage"), role: "member" },
    {
      path: "/admin/tracker",
      load: () => import("./admin/AdminTrackerPage"),
      role: "admin",
      denied: (t) => ({ title: t("jira.admin.onlyAdmins"), body: t("jira.admin.onlyAdminsBody") }),
    },
  ],
  menu: [
    { path: "/tracker", label: (t) => t("jira.issues.menu"), icon: TrackerIcon, role: "member", order: 40 },
    { path: "/admin/tracker", label: (t) => t("jira.admin.menu"), icon: TrackerIcon, role: "admin", order: 90 },
  ],
};

export default pages;
