import type { ToolFamily } from "../types";
import { BiDashboardCard } from "./BiDashboardCard";
import { BiToolCard } from "./BiToolCard";
import pages from "./pages";
import strings from "./strings/en";

/**
 * The BI family's web half: one card for the cube tools — the catalogue of cubes, a
 * cube's schema, its enum fields and their values —, the read-only query over them, and
 * the export of a query's result to a file (spec 001 §2.13); and a card of its own for the
 * dashboard built from several queries, which opens the dashboard page in the side panel.
 * Its pages: the user's dashboards, and the cubes (administrators).
 */
const bi: ToolFamily<typeof strings> = {
  strings,
  pages,
  cards: {
    getCubeDescTool: BiToolCard,
    getCubeSchemaInfoTool: BiToolCard,
    getCubeFieldEnumQueryIdsTool: BiToolCard,
    getCubeEnumValuesTool: BiToolCard,
    testQuerySqlTool: BiToolCard,
    generateFileNameTool: BiToolCard,
    downloadFileTool: BiToolCard,
    biDashboardTool: BiDashboardCard,
  },
};

export default bi;
