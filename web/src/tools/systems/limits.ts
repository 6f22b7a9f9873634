/**
 * The call card's own limits. Its response box scrolls within a bounded height and may
 * hold more than the shared result preview (tools/limits.ts): this card is where the user
 * sees the whole answer when the assistant was given it cut (`cardOnly`). The caps keep an
 * answer of megabytes out of the page.
 */

/** Lines of a response shown before it is cut. */
export const RESPONSE_MAX_LINES = 2_000;
/** Characters of a response shown before it is cut. */
export const RESPONSE_MAX_CHARS = 100_000;
