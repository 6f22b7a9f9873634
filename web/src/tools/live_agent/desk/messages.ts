import type { LiveMessage, SenderKind } from "../api/deskTypes";

/** Who wrote a message; servers that predate `senderKind` still tell the system apart. */
export function senderKindOf(message: LiveMessage): SenderKind {
  if (message.senderKind === "customer" || message.senderKind === "agent" || message.senderKind === "system") return message.senderKind;
  return message.sender === "system" ? "system" : "customer";
}
