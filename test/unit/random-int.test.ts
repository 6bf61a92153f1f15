/**
 * lib/observability/random-int.ts stands in for node:crypto's randomInt in the static bundles:
 * the same contract (min ≤ n < max, uniform, the same argument errors' bounds).
 */
import { randomInt as nodeRandomInt } from 'node:crypto';
import { randomInt } from '../../lib/observability/random-int';

test('integers from min up to max, each about equally often, as node:crypto gives them', () => {
  const counts = new Map<number, number>();
  for (let i = 0; i < 20_000; i++) {
    const n = randomInt(0, 100);
    expect(Number.isInteger(n) && n >= 0 && n < 100).toBe(true);
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  expect(counts.size).toBe(100);
  // 200 expected per value; 5 standard deviations (about 14 each) either side.
  expect(Math.min(...counts.values())).toBeGreaterThan(130);
  expect(Math.max(...counts.values())).toBeLessThan(270);
  expect(randomInt(-3, -2)).toBe(-3);
  expect(nodeRandomInt(-3, -2)).toBe(-3);
});

/** The kind of error a call throws (jest runs tests in another realm than node:crypto's errors). */
const failure = (call: () => unknown): string | undefined => {
  try {
    call();
    return undefined;
  } catch (error) {
    return (error as Error).name;
  }
};

test.each([
  [5, 5],
  [5, 4],
  [0.5, 3],
  [0, 2 ** 48],
  [0, Number.MAX_SAFE_INTEGER + 1],
])('randomInt(%p, %p) fails as node:crypto fails', (min, max) => {
  expect(failure(() => randomInt(min, max))).toBe(failure(() => nodeRandomInt(min, max)));
  expect(failure(() => randomInt(min, max))).toMatch(/Error$/);
});

test('the widest range node:crypto takes, 2^48 - 1, is taken', () => {
  const n = randomInt(0, 2 ** 48 - 1);
  expect(Number.isSafeInteger(n) && n >= 0 && n < 2 ** 48 - 1).toBe(true);
});
