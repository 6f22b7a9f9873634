import type { ToolFamily } from "../types";
import { DelegationCard } from "./DelegationCard";
import { EndDelegationCard } from "./EndDelegationCard";
import strings from "./strings/en";

/**
 * The delegation family's web half (spec 001 §2.15): delegateToAgent hands a task to a
 * specialised agent (wms-agent, bi-agent, jira-agent, fms-agent), whose progress streams
 * into its card; endDelegation, the agents' way of handing back, shows nothing.
 */
const delegation: ToolFamily<typeof strings> = {
  strings,
  cards: {
    delegateToAgent: DelegationCard,
    endDelegation: EndDelegationCard,
  },
};

export default delegation;
