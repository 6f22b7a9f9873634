import { HeadsetIcon } from "../../components/icons";
import type { FamilyPages } from "../types";

/** The agents' desk: the queue for agents, today's figures for administrators. */
const pages: FamilyPages = {
  pages: [
    {
      path: "/desk",
      load: () => import("./desk/DeskPage"),
      role: "agent",
      denied: (t) => ({ title: t("live_agent.desk.onlyAgents"), body: t("live_agent.desk.onlyAgentsBody") }),
    },
  ],
  menu: [{ path: "/desk", label: (t) => t("live_agent.desk.menu"), icon: HeadsetIcon, role: "agent", order: 50 }],
};

export default pages;
