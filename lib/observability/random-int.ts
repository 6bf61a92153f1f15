/**
 * Stands in for `node:crypto` in the static functions' bundles (template.yaml's BuildProperties
 * `Alias`): Powertools' Logger imports it only for `randomInt`, and loading node:crypto weighs on
 * a static function's cold start; Web Crypto loads only when first used. A bundle that needs more
 * of node:crypto fails to build (the name is not exported here).
 */

/** node:crypto draws from 48 random bits, so `max - min` must stay below 2^48. */
const SPAN = 2 ** 48;

/** A uniform random integer with min ≤ n < max, as node:crypto's randomInt(min, max), with its errors. */
export function randomInt(min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) throw new TypeError('randomInt: min and max must be safe integers');
  const range = max - min;
  if (range <= 0 || range >= SPAN) throw new RangeError(`randomInt: max - min must be at least 1 and below 2^48, not ${range}`);
  // Rejection sampling: draws past the last whole multiple of range would favour the low values.
  const limit = SPAN - (SPAN % range);
  const bytes = new Uint8Array(6);
  let draw: number;
  do {
    globalThis.crypto.getRandomValues(bytes);
    draw = bytes.reduce((value, byte) => value * 256 + byte, 0);
  } while (draw >= limit);
  return min + (draw % range);
}
