/** lib/db/client.ts: what one BatchGetItem may ask for (at most 100 keys, none twice). */
import { batchGetBatches } from '../../lib/db/client';

test('keys asked for twice go once, in batches of at most 100, in their order; no keys, no batch', () => {
  const keys = [...Array.from({ length: 250 }, (_, n) => `k${n}`), 'k0', 'k249', 'k100'];
  const batches = batchGetBatches(keys);
  expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
  expect(batches.flat()).toEqual(keys.slice(0, 250));
  expect(batchGetBatches([])).toEqual([]);
});
