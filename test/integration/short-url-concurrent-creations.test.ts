/**
 * Concurrent creations of one link (docs/api.md, Short URLs: same URL twice), against DynamoDB Local:
 * a burst of 50 answers one itemid and short_url and stores one record, and so do 50 that all find no
 * record and race to insert it (held at a barrier, since DynamoDB Local serves one request at a time).
 */
import { randomUUID } from 'node:crypto';
import { scanAll } from '../../infra/ops/scan';
import { documentClient } from '../../lib/db/client';
import { linkKey } from '../../lib/shorturls/link';
import { invoke, type Invocation } from '../support/invoke';
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { theShortUrl } from '../support/short-url-answer';
import { createTarget, randomIp, times, uniqueAppKey, uniqueUrl } from '../support/short-url-bursts';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';

const SHORT_URLS_TABLE = process.env.SHORT_URLS_TABLE!;

jest.setTimeout(30_000);

/** 50 creations of `url` at once, each with a key and an address of its own. */
const burstOf = (url: string) => Promise.all(times(50, () => invoke(createTarget(url, uniqueAppKey()), { sourceIp: randomIp() })));

/** A burst's answers all give one record of `link`, with no views, and the table holds it and its entry alone; the record. */
async function expectOneRecord(link: string, responses: Invocation[]): Promise<ShortUrlValue> {
  const entries = responses.map(theShortUrl);
  const entry = entries[0]!;
  for (const other of entries) expect(other).toEqual({ link, short_url: entry.short_url, itemid: entry.itemid, view_count: 0 });
  const code = codeOf(entry.short_url);
  const items = await scanAll(documentClient, SHORT_URLS_TABLE);
  const records = items.filter((item) => String(item.pk).startsWith('code#') && item.link === link);
  expect(records).toEqual([{ pk: `code#${code}`, code, link, itemid: entry.itemid, view_count: 0 }]);
  const entriesForLink = items.filter((item) => String(item.pk).startsWith('link#') && item.code === code);
  expect(entriesForLink).toEqual([{ pk: `link#${linkKey(link)}`, code }]);
  return entry;
}

const keyOf = (input: unknown): string | undefined => {
  const pk = (input as { Key?: { pk?: unknown } }).Key?.pk;
  return typeof pk === 'string' ? pk : ((pk as { S?: string } | undefined)?.S ?? undefined);
};

/**
 * DynamoDB Local runs requests one at a time, so a plain burst never races: this holds every read of
 * `link#<key>` on the functions' client until `parties` wait (`patienceMs` only guards against a hang),
 * so that all find no record and insert; it keeps the reasons of cancelled transactions.
 */
function raceBarrier(key: string, parties: number, patienceMs = 60_000) {
  const name = `race-barrier-${randomUUID()}`;
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const timer = setTimeout(open, patienceMs);
  const cancellations: string[] = [];
  documentClient.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context as { commandName?: string }).commandName;
      if (command === 'GetItemCommand' && keyOf(args.input) === `link#${key}` && waiting < parties) {
        waiting += 1;
        if (waiting === parties) open();
        await opened;
      }
      try {
        return await next(args);
      } catch (error) {
        if (command === 'TransactWriteItemsCommand' && error instanceof Error && error.name === 'TransactionCanceledException') {
          const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
          cancellations.push(reasons.map((reason) => reason.Code).join(','));
        }
        throw error;
      }
    },
    { step: 'initialize', name },
  );
  return {
    waiting: () => waiting,
    cancellations,
    remove() {
      clearTimeout(timer);
      open();
      documentClient.middlewareStack.remove(name);
    },
  };
}

describe('Short URLs: Same URL twice, concurrently', () => {
  test('50 concurrent creations of one URL answer one itemid and short_url, and store one record', async () => {
    const url = uniqueUrl('same');
    const link = new URL(url).href;
    const first = await expectOneRecord(link, await burstOf(url));
    expect(first.short_url).toMatch(new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`));
    expect(Number.isSafeInteger(first.itemid) && first.itemid > 0).toBe(true);
  });

  test('50 creations of one URL that all find no record and race to insert it still make one record', async () => {
    const url = uniqueUrl('race');
    const link = new URL(url).href;
    // The container's blocked hosts read just now: each creation reads the link's entry on its own
    // (a GetItem, after admission), not with them (docs/api.md, Short URLs: Rate limit).
    theShortUrl(await invoke(createTarget(uniqueUrl('fresh-list'), uniqueAppKey()), { sourceIp: randomIp() }));
    const barrier = raceBarrier(linkKey(link), 50);
    let responses: Invocation[];
    try {
      responses = await burstOf(url);
    } finally {
      barrier.remove();
    }
    // The race was run: every request read "no record" before any had inserted one.
    expect(barrier.waiting()).toBe(50);
    // One insert won; each of the others was cancelled (the link taken, or a conflict) and read the winner back.
    expect(barrier.cancellations.length).toBeGreaterThanOrEqual(49);
    for (const reasons of barrier.cancellations) expect(reasons).toMatch(/ConditionalCheckFailed|TransactionConflict/);
    await expectOneRecord(link, responses);
  }, 90_000);
});
