/**
 * The gallery's earliest date (docs/api.md, Bodies: `min_date`), computed from the fixtures a test
 * stored, not read back from the table: the tests of a gallery table of their own use it.
 */

/** docs/api.md, Bodies: the earliest date in the gallery, 0 when there is none. */
export const earliestOf = (dates: readonly number[]): number => (dates.length === 0 ? 0 : Math.min(...dates));
