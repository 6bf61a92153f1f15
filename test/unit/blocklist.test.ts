/**
 * The blocked hosts as a function's container knows them (lib/shorturls/blocklist.ts,
 * docs/api.md, Blocked hosts): a host blocks itself and its subdomains, and nothing that merely
 * ends with its name; the list is read at most once a minute, so a block reaches a container
 * within 60 s; and a read that fails keeps the list read last.
 */
import { Blocklist, blockingHost } from '../../lib/shorturls/blocklist';

// docs/api.md, Blocked hosts: a block reaches every function within 60 s (the list read once a minute).
const REACH_MS = 60_000;

const HOSTS = new Set(['evil.example', 'bad.test']);

test.each([
  ['evil.example', 'evil.example'],
  ['www.evil.example', 'evil.example'],
  ['a.b.c.evil.example', 'evil.example'],
  ['EVIL.Example.', 'evil.example'],
  ['bad.test', 'bad.test'],
])('%s is blocked by %s', (hostname, by) => {
  expect(blockingHost(hostname, HOSTS)).toBe(by);
});

test.each(['notevil.example', 'evil.example.org', 'example', 'good.test', 'evil-example', 'test'])('%s is not blocked', (hostname) => {
  expect(blockingHost(hostname, HOSTS)).toBeUndefined();
});

describe('a container reads the list at most once a minute', () => {
  let now = 1_000_000;
  let hosts: string[] = [];
  let reads = 0;
  let failing = false;
  const clock = () => now;
  const list = new Blocklist(async () => {
    reads++;
    if (failing) throw new Error('the database is away');
    return hosts;
  }, clock);
  /** Whether a link to a subdomain of evil.example is blocked, and how many reads the list has taken so far. */
  const evil = async () => [await list.blocks('https://www.evil.example/x'), reads];

  test('a block made after the list was read is seen once the minute is over, and not before', async () => {
    expect(await evil()).toEqual([false, 1]);
    hosts = ['evil.example'];
    now += REACH_MS - 1;
    expect(await evil()).toEqual([false, 1]);
    now += 1;
    expect(await evil()).toEqual([true, 2]);
  });

  test('many requests at once make one read', async () => {
    now += REACH_MS;
    await Promise.all(Array.from({ length: 20 }, () => list.blocks('https://a.example/')));
    expect(reads).toBe(3);
  });

  test('when the list cannot be read, the one read last holds, and the next request tries again', async () => {
    failing = true;
    now += REACH_MS;
    expect(await evil()).toEqual([true, 4]);
    failing = false;
    hosts = [];
    expect(await evil()).toEqual([false, 5]);
  });

  test('a read that takes long holds no request past a quarter of a second: the last list answers, the read lands for the next', async () => {
    let answer: (hosts: string[]) => void = () => {};
    const slow = new Blocklist(() => new Promise((resolve) => (answer = resolve)), clock);
    const started = performance.now();
    expect(await slow.blocks('https://www.evil.example/x')).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    answer(['evil.example']);
    await new Promise((landed) => setTimeout(landed, 0));
    expect(await slow.blocks('https://www.evil.example/x')).toBe(true);
  });
});
