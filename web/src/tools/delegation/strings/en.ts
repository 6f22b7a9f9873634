import type { Translation } from "../../../i18n/families";

/**
 * The delegation family's strings (`delegation.*` in the catalogue), in English: the
 * source of its keys. The spec's texts (001 §2.15, §4, §8) are kept exactly: the badges,
 * the agents' domains, 'Generated N characters of content', 'Unknown error occurred'.
 */
const en = {
  title: "Delegation to {{agent}}",
  titlePlain: "Agent delegation",
  badge: {
    preparing: "Preparing delegation",
    executing: "Executing delegation",
    completed: "Completed",
    failed: "Failed",
    stopped: "Stopped",
  },
  domain: {
    "wms-agent": "Warehouse Management System operations",
    "bi-agent": "Business Intelligence and analytics",
    "jira-agent": "issue management and project operations",
    "fms-agent": "Freight Management System operations",
  },
  agentId: "Agent id",
  instruction: "Instruction",
  generated: "Generated {{n}} characters of content",
  content: "Content",
  noContent: "The agent gave no answer",
  showAll: "Show all",
  showLess: "Show less",
  toolCalls: "Tool calls",
  noToolCalls: "No tool calls",
  unknownError: "Unknown error occurred",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
