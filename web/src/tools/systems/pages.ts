import type { FamilyPages } from "../types";
import { ServerIcon } from "./pageIcons";

/** The business systems' administration page. */
const pages: FamilyPages = {
  pages: [
    {
      path: "/admin/systems",
      load: () => import("./admin/AdminSystemsPage"),
      role: "admin",
      denied: (t) => ({ title: t("systems.admin.onlyAdmins"), body: t("systems.admin.onlyAdminsBody") }),
    },
  ],
  menu: [{ path: "/admin/systems", label: (t) => t("systems.admin.menu"), icon: ServerIcon, role: "admin", order: 70 }],
};

export default pages;
