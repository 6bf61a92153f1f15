/**
 * The scale run's capacity check (infra/perf/scale/report.ts readsOver): a listing may read 1.5 ×
 * on the grown gallery what it reads on the sample, and the records its first page holds beyond
 * the sample's page (half a unit each), no more.
 */
import { readsOver } from '../../infra/perf/scale/report';

test('within 1.5 × the sample’s reads, whatever the totals', () => {
  expect(readsOver({ aws: 10, total: 700 }, { aws: 15, total: 50_000 })).toBe(false);
  expect(readsOver({ aws: 10, total: 700 }, { aws: 15.5, total: 50_000 })).toBe(true);
});

test('a page holding more records may read theirs too: a thread of one reply grown to five', () => {
  expect(readsOver({ aws: 3.5, total: 1 }, { aws: 5.5, total: 5 })).toBe(false);
  expect(readsOver({ aws: 3.5, total: 1 }, { aws: 7.5, total: 5 })).toBe(true);
  // Beyond a first page's ten records, more of them in the listing read nothing more.
  expect(readsOver({ aws: 3.5, total: 9 }, { aws: 6, total: 5_000 })).toBe(true);
  expect(readsOver({ aws: 3.5, total: 9 }, { aws: 5.75, total: 5_000 })).toBe(false);
});
