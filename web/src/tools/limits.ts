/** The cards' limits (spec 001 §9). */

/** Lines of a tool's result shown in a card before it is cut. */
export const RESULT_PREVIEW_LINES = 60;
/** Lines of a tool's parameters shown in a card before they are cut. */
export const PARAMETERS_PREVIEW_LINES = 20;
/** Characters of a file's content shown in a card. */
export const FILE_PREVIEW_CHARS = 500;
/** Characters of the Task Completed message in the card's header. */
export const TASK_MESSAGE_CHARS = 60;
/** Characters of an image prompt used as the image generation card's title. */
export const IMAGE_PROMPT_TITLE_CHARS = 40;
/**
 * Characters of any one preview, whatever its lines: a result of one enormous line must
 * not put megabytes into the page.
 */
export const PREVIEW_MAX_CHARS = 20_000;
