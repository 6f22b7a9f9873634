/**
 * endDelegation: an agent's own tool that hands control back to the assistant that
 * delegated to it. It is bookkeeping, so its card renders nothing (spec 001 §1) — and,
 * being a card, keeps the generic card away too.
 */
export function EndDelegationCard(): null {
  return null;
}
