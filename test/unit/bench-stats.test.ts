/**
 * The bench's order statistics (infra/perf/bench/stats.ts): the median of timing samples,
 * and the middle half's mean that cold starts are figured by, as their times come in steps of a
 * CPU cgroup's period (infra/perf/bench/README.md).
 */
import { median, middleMean } from '../../infra/perf/bench/stats';

/** 15 cold starts in 10 ms steps: `at40` of them took 40 ms, the rest 50 ms. */
const steps = (at40: number) => Array.from({ length: 15 }, (_, n) => (n < at40 ? 40 : 50));

test('the middle half’s mean leaves out the quarter above and the quarter below', () => {
  expect(middleMean([8, 1, 7, 2, 6, 3, 5, 4])).toBe(4.5);
  expect(middleMean([5, 1, 3])).toBe(3);
  expect(middleMean([9])).toBe(9);
  expect(() => middleMean([])).toThrow('no samples');
});

test('one run crossing a step moves the median a whole step, the middle half’s mean a fraction of it', () => {
  expect(median(steps(7))).toBe(50);
  expect(median(steps(8))).toBe(40);
  expect(middleMean(steps(7))).toBeCloseTo(45.56, 2);
  expect(middleMean(steps(8))).toBeCloseTo(44.44, 2);
});

test('like the median, the middle half’s mean ignores runs a busy machine slowed down', () => {
  const quiet = [40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54];
  const busy = [...quiet.slice(0, 12), 500, 900, 2_000];
  expect(middleMean(busy)).toBe(middleMean(quiet));
  expect(middleMean(quiet)).toBe(47);
});
