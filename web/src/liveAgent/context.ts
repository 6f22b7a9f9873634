import { createContext, useContext } from "react";
import type { LiveAgent } from "./useLiveAgent";

/**
 * The chat's live agent, for the controls deep in the message list (the connect button
 * under a message); null where no chat provides one.
 */
export const LiveAgentContext = createContext<LiveAgent | null>(null);

export const useLiveAgentContext = () => useContext(LiveAgentContext);
