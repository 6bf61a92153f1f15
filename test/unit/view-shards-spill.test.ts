/**
 * Views past what one key takes (docs/api.md, Short URLs: Views), on a mocked document client: a view the
 * record's key throttles is counted once on one of 16 shards (another while one throttles), the record marked
 * until the mark lands, and a code throttled lately sent straight to a shard.
 */
import {
  CODE,
  container,
  delayWhen,
  items,
  kinds,
  LINK,
  rejectWhen,
  SHARDS,
  sent,
  shardTotal,
  shardViews,
  throttled,
} from '../support/view-shard-table';

test('the record’s ADD throttled: exactly one shard ADD counted, the link read once, the record marked with 16 shards', async () => {
  rejectWhen((kind) => (kind === 'record' ? throttled() : undefined));
  const { visits } = await container();
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds().sort()).toEqual(['mark', 'read', 'record', 'shard']);
  expect(shardViews()).toHaveLength(1);
  expect(shardTotal()).toBe(1);
  expect(items.get(`code#${CODE}`)).toMatchObject({ view_count: 3, view_shards: SHARDS });
  const shard = Number(shardViews()[0]!.pk!.toString().split('#')[2]);
  expect(Number.isInteger(shard) && shard >= 0 && shard < SHARDS).toBe(true);
});

test('a link the container remembers needs no read; within the next seconds the record is skipped, the shard sent alone', async () => {
  rejectWhen((kind) => (kind === 'record' ? throttled() : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds().sort()).toEqual(['mark', 'record', 'shard']);
  sent.length = 0;
  // Marked once it landed: the next views are one shard ADD each.
  for (let i = 0; i < 5; i++) expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds()).toEqual(Array(5).fill('shard'));
  expect(shardTotal()).toBe(6);
});

// docs/api.md, Views: a link throttled in the last 3 s goes straight to a shard.
test('a code throttled 3 s ago or more tries its record again: one request a visit when it takes it', async () => {
  let now = Date.UTC(2026, 0, 1);
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  let throttling = true;
  rejectWhen((kind) => (kind === 'record' && throttling ? throttled() : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  await visits.follow(CODE);
  throttling = false;
  now += 2_999;
  sent.length = 0;
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds()).toEqual(['shard']);
  now += 1;
  sent.length = 0;
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  expect(kinds()).toEqual(['record']);
  expect([items.get(`code#${CODE}`)!.view_count, shardTotal()]).toEqual([4, 2]);
});

test('a shard throttled: the view goes to another shard, and counts once', async () => {
  let shardsTried = 0;
  rejectWhen((kind) => (kind === 'record' || (kind === 'shard' && ++shardsTried <= 2) ? throttled() : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  const shards = sent.filter((call) => call.kind === 'shard').map((call) => call.pk);
  expect(shards).toHaveLength(3);
  expect(new Set(shards).size).toBe(3);
  expect(shardTotal()).toBe(1);
});

test('every shard tried throttled: the view is lost after a bounded number of sends, the redirect answered', async () => {
  rejectWhen((kind) => (kind === 'record' || kind === 'shard' ? throttled() : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toMatchObject({ link: LINK, view: 'not counted' });
  const shards = kinds().filter((kind) => kind === 'shard').length;
  expect(shards).toBeGreaterThanOrEqual(2);
  expect(shards).toBeLessThan(SHARDS);
  expect(shardTotal()).toBe(0);
});

test('the record’s throttle answered after the redirect stopped waiting (0.5 s): the view still goes to a shard, once', async () => {
  rejectWhen((kind) => (kind === 'record' ? throttled() : undefined));
  delayWhen((kind) => (kind === 'record' ? new Promise((later) => setTimeout(later, 700)) : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'unconfirmed' });
  expect(shardTotal()).toBe(0);
  await new Promise((later) => setTimeout(later, 400));
  expect(shardTotal()).toBe(1);
  expect(kinds().filter((kind) => kind !== 'mark')).toEqual(['record', 'shard']);
});

test('the mark throttled is sent again, a few times, then on the next spill until it lands; then never again', async () => {
  let markThrottled = true;
  rejectWhen((kind) => (kind === 'record' || (kind === 'mark' && markThrottled) ? throttled() : undefined));
  const { visits, known } = await container();
  known.remember(CODE, LINK);
  expect(await visits.follow(CODE)).toEqual({ link: LINK, view: 'counted' });
  const firstMarks = kinds().filter((kind) => kind === 'mark').length;
  expect(firstMarks).toBeGreaterThan(1);
  expect(items.get(`code#${CODE}`)!.view_shards).toBeUndefined();
  markThrottled = false;
  sent.length = 0;
  await visits.follow(CODE);
  expect(kinds().sort()).toEqual(['mark', 'shard']);
  expect(items.get(`code#${CODE}`)!.view_shards).toBe(SHARDS);
  sent.length = 0;
  await visits.follow(CODE);
  expect(kinds()).toEqual(['shard']);
  expect(shardTotal()).toBe(3);
});
