/**
 * Views a shard never counts (docs/api.md, Short URLs: Views), on a mocked document client: a view whose fate
 * is unknown (a timeout) is never sent again nor spilled, and a link taken down, blocked or unknown counts none.
 */
import { CODE, container, items, kinds, LINK, rejectWhen, shardViews, throttled, timedOut } from '../support/view-shard-table';

test('a timeout on the record is never sent again, nor spilled: its fate is unknown', async () => {
  rejectWhen((kind) => (kind === 'record' ? timedOut() : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toMatchObject({ link: LINK, view: 'not counted' });
  expect(kinds()).toEqual(['record']);
});

test('a timeout on a shard is never sent again, on that shard or another', async () => {
  rejectWhen((kind) => (kind === 'record' ? throttled() : kind === 'shard' ? timedOut() : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toMatchObject({ link: LINK, view: 'not counted' });
  expect(kinds().filter((kind) => kind === 'shard')).toHaveLength(1);
});

test('a link taken down, its record’s ADD throttled: the read finds it down, 410, no shard view', async () => {
  items.get(`code#${CODE}`)!.disabled = { reason: 'spam', at: 1, by: 'op' };
  rejectWhen((kind) => (kind === 'record' ? throttled() : undefined));
  const { visits } = await container();
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  expect(kinds()).toEqual(['record', 'read']);
  // Within the next seconds, straight to the read: still no view.
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  expect(kinds()).toEqual(['record', 'read', 'read']);
  expect(shardViews()).toEqual([]);
});

test('a link to a blocked host, remembered or not, hot or not: 410, no view anywhere', async () => {
  rejectWhen((kind) => (kind === 'record' ? throttled() : undefined));
  const { visits, known } = await container(['shards.example']);
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ gone: true });
  expect(kinds().filter((kind) => kind !== 'read')).toEqual([]);
  expect(shardViews()).toEqual([]);
});

test('an unknown code, its ADD throttled: 404, no shard view', async () => {
  rejectWhen((kind) => (kind === 'record' ? throttled() : undefined));
  const { visits } = await container();
  expect(await visits.follow('Nope123')).toBeUndefined();
  expect(kinds()).toEqual(['record', 'read']);
  expect(shardViews()).toEqual([]);
});
