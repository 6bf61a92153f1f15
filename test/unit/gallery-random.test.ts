/** The generated galleries' random numbers (infra/local/sample/random.ts). */
import { Random } from '../../infra/local/sample/random';

test('the random numbers are the same for a seed, in [0, 1), and spread', () => {
  const draw = (seed: number) => {
    const random = new Random(seed);
    return Array.from({ length: 1_000 }, () => random.float());
  };
  expect(draw(7)).toEqual(draw(7));
  expect(draw(7)).not.toEqual(draw(8));
  const values = draw(7);
  expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...values)).toBeLessThan(1);
  const mean = values.reduce((a, b) => a + b) / values.length;
  expect(mean).toBeGreaterThan(0.45);
  expect(mean).toBeLessThan(0.55);
});
