import type { ToolFamily } from "../types";
import { ConnectLiveAgentButton } from "./ConnectLiveAgentButton";
import { LiveAgentCard } from "./LiveAgentCard";
import pages from "./pages";
import strings from "./strings/en";

/**
 * The live agent family's web half: connectLiveAgent's card, and the connect button
 * under the message that called it.
 * Its page: the agents' desk.
 */
const live_agent: ToolFamily<typeof strings> = {
  strings,
  pages,
  cards: { connectLiveAgent: LiveAgentCard },
  messageFooters: { connectLiveAgent: ConnectLiveAgentButton },
};

export default live_agent;
