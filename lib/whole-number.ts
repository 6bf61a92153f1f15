/**
 * Whether a value, as read from a table or a file, is a whole number from `least` to `most`:
 * safe (exact in every JSON reader), so never a BigInt, a fraction or a number past 2^53.
 */
export const isWholeIn = (value: unknown, least: number, most: number = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isSafeInteger(value) && (value as number) >= least && (value as number) <= most;
