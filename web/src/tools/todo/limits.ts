/** The height at which a plan's list of tasks scrolls (spec 001 §9). */
export const TODO_LIST_MAX_HEIGHT_PX = 200;
