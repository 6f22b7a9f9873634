import { isToolUIPart } from "ai";
import { STOPPED_ERROR } from "../tools/types";
import { type ChatMessage, isRecord } from "./types";

type Part = ChatMessage["parts"][number];

/** How long Stop waits for the server to end the answer itself before it stops reading. */
export const STOP_WAIT_MS = 2000;

const FINISHED = new Set(["output-available", "output-denied", "output-error"]);

/**
 * A tool call cut short, as the server writes it (`stop_chunks` in the agent's assembler):
 * `output-error` with 'Stopped before it finished' and `resultProviderMetadata.waybill.stopped`.
 * A call that finished — answered, refused or failed on its own — stays what it was.
 */
function stopPart(part: Part): Part {
  if (isToolUIPart(part)) {
    if (FINISHED.has(part.state)) return part;
    // An approval carries over only once granted (as the SDK's own addToolOutput does).
    const { approval, ...call } = part;
    const stopped: Part = {
      ...call,
      ...(approval?.approved === true ? { approval: { ...approval, approved: true } } : {}),
      state: "output-error",
      input: isRecord(part.input) ? part.input : {},
      output: undefined,
      errorText: STOPPED_ERROR,
      resultProviderMetadata: { waybill: { stopped: true } },
    };
    return stopped;
  }
  // Text or reasoning the stream left open is final now (the server's `finalize`).
  if ((part.type === "text" || part.type === "reasoning") && part.state === "streaming") return { ...part, state: "done" };
  return part;
}

/**
 * The messages after an answer was stopped, marked as the server marks its stored copy:
 * every unfinished tool call of the last message — when it is the answer — ends as
 * stopped, its open text is closed, and the message says `stopped: true`. Used when the
 * stop could not come from the server (it was unreachable, the chat was not stored yet,
 * or it took too long), so what the user sees, what autosave writes and what a reload
 * shows agree. The same list comes back when there is nothing to mark.
 */
export function markStopped(messages: ChatMessage[]): ChatMessage[] {
  const last = messages.at(-1);
  if (last?.role !== "assistant") return messages;
  const parts = last.parts.map(stopPart);
  const changed = parts.some((p, i) => p !== last.parts[i]);
  if (!changed && last.metadata?.stopped === true) return messages;
  return [...messages.slice(0, -1), { ...last, parts, metadata: { ...last.metadata, stopped: true } }];
}
