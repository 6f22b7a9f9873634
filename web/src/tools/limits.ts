/** The limits every card shares (spec 001 §9); a family's own limits are in its folder. */

/** Lines of a tool's result shown in a card before it is cut. */
export const RESULT_PREVIEW_LINES = 60;
/** Lines of a tool's parameters shown in a card before they are cut. */
export const PARAMETERS_PREVIEW_LINES = 20;
/**
 * Characters of any one preview, whatever its lines: a result of one enormous line must
 * not put megabytes into the page.
 */
export const PREVIEW_MAX_CHARS = 20_000;
