/** The BI card's limits (the shared ones are in tools/limits.ts). */

/**
 * Rows of a query's result the table renders before 'Show all N rows': enough to read,
 * few enough that a 10,000-row answer does not put 10,000 rows into the page unasked.
 */
export const ROWS_SHOWN = 200;

/** Characters of one cell shown in the table; the whole value (up to ten times that) is its tooltip. */
export const CELL_MAX_CHARS = 300;

