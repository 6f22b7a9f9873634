/**
 * An agent's answer longer than this shows its first lines, with "Show all": the card
 * stays readable in the conversation and the whole answer is a click away.
 */
export const CONTENT_PREVIEW_LINES = 12;
/** …or its first characters, whatever its lines (one enormous paragraph). */
export const CONTENT_PREVIEW_CHARS = 1_200;
