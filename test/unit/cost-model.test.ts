/**
 * The bill's arithmetic (infra/pricing/model.ts), against figures worked out by hand
 * from AWS's rules: Lambda bills whole milliseconds, GB-seconds are MB / 1024 × seconds, API
 * Gateway's tiers apply to the month's volume in order, per-million prices scale linearly.
 */
import { billedMs, gbSeconds, lambdaDurationPerMillion, logsPerMillion, type Price, tiered } from '../../infra/pricing/model';
import { usd } from '../../infra/cost/report';

test.each([
  [0, 1],
  [1, 1],
  [30_000, 1],
  [1_000_000, 1],
  [1_000_001, 2],
  [6_124_402, 7],
  [30_117_363, 31],
])('billed duration: %d ns is billed %d ms', (ns, ms) => {
  expect(billedMs(ns)).toBe(ms);
});

test('GB-seconds are milliseconds / 1000 × MB / 1024', () => {
  expect(gbSeconds(1000, 1024)).toBe(1);
  expect(gbSeconds(100, 512)).toBe(0.05);
  expect(gbSeconds(1, 1769)).toBeCloseTo(0.001727539, 9);
});

test('a million invocations: 1.5 ms at 1024 MB is billed 2 ms, 2 000 GB-s, $0.0266668 at $0.0000133334', () => {
  expect(lambdaDurationPerMillion(1_500_000, 1024)).toBeCloseTo(0.0266668, 9);
  // 30 µs at 1769 MB: 1 ms × 1.727539 GB × 1e6 = 1727.539 GB-s = $0.0230341
  expect(lambdaDurationPerMillion(30_000, 1769)).toBeCloseTo(0.0230341, 6);
});

describe('tiers', () => {
  const price = (usd: number, tiers?: Price['tiers']): Price => ({ usd, tiers, per: 'million requests', what: '', asOf: '', source: '' });
  const httpApi = price(1, [{ upToMillions: 300, usd: 1 }, { usd: 0.9 }]);
  test('inside the first tier: its price alone; across tiers: 300 M at $1.00, the other 100 M at $0.90', () => {
    expect(tiered(11.1, httpApi)).toBeCloseTo(11.1, 9);
    expect(tiered(400, httpApi)).toBeCloseTo(390, 9);
  });
  test('three tiers, the last unbounded', () => {
    // 10 × 3 + 20 × 2 + 5 × 1
    expect(tiered(35, price(1, [{ upToMillions: 10, usd: 3 }, { upToMillions: 30, usd: 2 }, { usd: 1 }]))).toBeCloseTo(75, 9);
  });
  test('a price without tiers scales linearly', () => {
    expect(tiered(2.5, price(0.2))).toBeCloseTo(0.5, 9);
  });
});

test('logs: a million requests of 1073.741824 bytes are 1 GB: $0.50 to ingest, $0.03 to keep a month', () => {
  const kept = logsPerMillion(1073.741824, 365.25 / 12);
  expect(kept.ingestion).toBeCloseTo(0.5, 9);
  expect(kept.storage).toBeCloseTo(0.03, 9);
  // Kept 30 days: 30 / 30.4375 of a month.
  expect(logsPerMillion(1073.741824, 30).storage).toBeCloseTo(0.0295688, 6);
});

test.each([
  [0, '$0'],
  [0.023034, '$0.023'],
  [0.1, '$0.10'],
  [69.534, '$69.53'],
])('%d dollars read %s', (value, text) => {
  expect(usd(value)).toBe(text);
});
