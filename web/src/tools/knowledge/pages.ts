import type { FamilyPages } from "../types";
import { BookIcon } from "./pageIcons";

/** The knowledge bases the assistant searches, for every member. */
const pages: FamilyPages = {
  pages: [{ path: "/admin/knowledge", load: () => import("./page/KnowledgePage"), role: "member" }],
  menu: [{ path: "/admin/knowledge", label: (t) => t("knowledge.basesPage.menu"), icon: BookIcon, role: "member", order: 20 }],
};

export default pages;
