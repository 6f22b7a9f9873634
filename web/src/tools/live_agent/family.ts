import type { ToolFamily } from "../types";
import { ConnectLiveAgentButton } from "./ConnectLiveAgentButton";
import { LiveAgentCard } from "./LiveAgentCard";
import strings from "./strings/en";

/**
 * The live agent family's web half: connectLiveAgent's card, and the connect button
 * under the message that called it.
 */
const live_agent: ToolFamily<typeof strings> = {
  strings,
  cards: { connectLiveAgent: LiveAgentCard },
  messageFooters: { connectLiveAgent: ConnectLiveAgentButton },
};

export default live_agent;
