/**
 * Views under concurrency and retries (docs/api.md, Views: the link comes first), against DynamoDB
 * Local: 500 simultaneous visits to one link all redirect and each counts once; a view is sent once,
 * never again; one refused as throttled counts on a shard, one refused unapplied is sent again.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, singleAttemptClient } from '../../lib/db/client';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { invoke, invokeShortLink } from '../support/invoke';
import { failure, interfering } from '../support/sdk-interference';
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { theShortUrl } from '../support/short-url-answer';
import { createTarget, randomIp, times, uniqueAppKey, uniqueUrl } from '../support/short-url-bursts';
import { codeOf } from '../support/short-url-host';
import { followViewsEachTest } from '../support/views-sent';

const SHORT_URLS_TABLE = process.env.SHORT_URLS_TABLE!;

jest.setTimeout(30_000);

/** The code of a new short URL, made through the API. */
async function newCode(tag: string): Promise<{ code: string; entry: ShortUrlValue }> {
  const entry = theShortUrl(await invoke(createTarget(uniqueUrl(tag), uniqueAppKey()), { sourceIp: randomIp() }));
  return { code: codeOf(entry.short_url), entry };
}

const viewsOf = async (code: string): Promise<number> =>
  (await documentClient.send(new GetCommand({ TableName: SHORT_URLS_TABLE, Key: { pk: `code#${code}` }, ConsistentRead: true }))).Item
    ?.view_count as number;

// A redirect answers without its view after 0.5 s: the count is read once every view sent has ended.
const views = followViewsEachTest(DynamoShortUrlStore.prototype);

/** The view count once every view the visits sent has ended (counted, refused or lost). */
const settledViews = (code: string): Promise<number> => views.ended().then(() => viewsOf(code));

const onCode = (command: string | undefined, input: Record<string, unknown>) =>
  command === 'UpdateItemCommand' && JSON.stringify(input.Key).includes('code#');

describe('Views: the link comes first (docs/api.md, Views)', () => {
  test('500 simultaneous visits to one link all answer 301, and add exactly 500 to view_count', async () => {
    const { code, entry } = await newCode('viral');
    const visits = await Promise.all(times(500, () => invokeShortLink(`/${code}`)));
    expect(visits.filter((visit) => visit.statusCode !== 301)).toEqual([]);
    for (const visit of visits) expect(visit.headers.location).toBe(entry.link);
    expect(views.codes).toEqual(Array(500).fill(code));
    expect(await settledViews(code)).toBe(500);
    // The API's lookup tells the same count, and does not add a view itself.
    const lookup = theShortUrl(await invoke(`/url/short/${code}?appkey=${encodeURIComponent(uniqueAppKey())}&type=json`));
    expect(lookup).toEqual({ ...entry, view_count: 500 });
    expect(await viewsOf(code)).toBe(500);
  });

  const timeout = (message: string) => () => {
    throw failure('TimeoutError', message);
  };
  test.each([
    ['its answer lost after DynamoDB applied it: counted once', { after: timeout('the answer was lost') }, 10, 10],
    ['timed out before it was sent: not counted', { before: timeout('no connection in time') }, 5, 0],
  ])('a view is sent once, never again, and the visitor redirected; %s', async (_what, step, visits, counted) => {
    const { code, entry } = await newCode('sent-once');
    const sends = await interfering(singleAttemptClient(), onCode, step, async () => {
      const answers = await Promise.all(times(visits, () => invokeShortLink(`/${code}`)));
      expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual(Array(visits).fill([301, entry.link]));
    });
    expect(sends).toEqual(Array(visits).fill(1));
    expect(await settledViews(code)).toBe(counted);
  });

  test('a view its record refuses as throttled is counted once on a shard, which the lookup sums', async () => {
    const { code, entry } = await newCode('throttled');
    const onRecordView = (command: string | undefined, input: Record<string, unknown>) =>
      onCode(command, input) && input.UpdateExpression === 'ADD view_count :one';
    let calls = 0;
    const throttle = () => {
      calls++;
      throw failure('ThrottlingException', 'refused, not applied');
    };
    await interfering(singleAttemptClient(), onRecordView, { before: throttle }, async () => {
      const answers = await Promise.all(times(5, () => invokeShortLink(`/${code}`)));
      expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual(Array(5).fill([301, entry.link]));
    });
    // Sent once each at most: a code throttled lately goes straight to a shard.
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(5);
    expect(await settledViews(code)).toBe(0);
    const lookup = theShortUrl(await invoke(`/url/short/${code}?appkey=${encodeURIComponent(uniqueAppKey())}&type=json`));
    expect(lookup).toEqual({ ...entry, view_count: 5 });
  });

  test.each([['held by a transaction', 'TransactionConflictException']])(
    'a view DynamoDB refused unapplied (%s) is sent again, and counted once',
    async (_what, name) => {
      const { code } = await newCode('refused');
      // The store sends a refused view again as a call of its own: the first five calls are refused.
      let calls = 0;
      const refuseFirstFive = () => {
        if (++calls <= 5) throw failure(name, 'refused, not applied');
      };
      await interfering(singleAttemptClient(), onCode, { before: refuseFirstFive }, async () => {
        const answers = await Promise.all(times(5, () => invokeShortLink(`/${code}`)));
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(301));
      });
      expect(calls).toBe(10);
      expect(await settledViews(code)).toBe(5);
    },
  );
});
