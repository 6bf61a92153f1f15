/**
 * The export's order (docs/shorturls.md, Export): by itemid, except that the record a link's
 * entry names (the one creating the link returns) comes before the link's other codes, since the
 * import gives the entry to a link's first line. Expected orders are written out by hand.
 */
import { exportOrder } from '../../infra/ops/shorturls/export';

const record = (code: string, link: string, itemid: number) => ({ code, link, itemid, view_count: 0 });
const A = 'https://a.test/';
const B = 'https://b.test/';
/** The codes in the export's order, `entries` naming each link's entry. */
const order = (records: ReturnType<typeof record>[], entries: Record<string, string> = {}) =>
  exportOrder(records, (link) => entries[link]).map((r) => r.code);

test('records by itemid when every entry names the link’s first record', () => {
  expect(order([record('b1', B, 2), record('a2', A, 3), record('a1', A, 1)], { [A]: 'a1', [B]: 'b1' })).toEqual(['a1', 'b1', 'a2']);
});

test("a link whose entry names a later record: that record first, then the link's earlier codes; others keep their place", () => {
  const records = [record('a-old', A, 1), record('b1', B, 2), record('a-entry', A, 5), record('a-late', A, 9), record('b2', B, 7)];
  expect(order(records, { [A]: 'a-entry', [B]: 'b1' })).toEqual(['b1', 'a-entry', 'a-old', 'b2', 'a-late']);
});

test('a link with no entry (a table mended by hand): by itemid', () => {
  expect(order([record('a2', A, 2), record('a1', A, 1)])).toEqual(['a1', 'a2']);
});
