/**
 * Deadlines (docs/api.md, Errors: deadlines; lib/http/deadline.ts): every request is answered
 * before its function's timeout. A database that does not answer in time gives the database
 * error — HTTP 503 with `Retry-After`, code 500, in the requested type (the short-link host: its
 * 503 page) — never middy's timeout answer (a 500) and never Lambda's; and nothing more is read
 * for a request once it is answered, at its deadline or before.
 *
 * The file runs a DynamoDB Local of its own, which it freezes (SIGSTOP: connections are taken,
 * nothing is answered), and invokes the handlers with the time left that Lambda would tell them.
 *
 * @jest-environment ./test/support/node-errors-environment.ts
 */
import { performance } from 'node:perf_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { freePort, startDynamoDbLocal, type DynamoDbLocal } from '../../infra/dynamodb/local';
import { ensureTables } from '../../infra/dynamodb/tables';
import { loadTemplate } from '../../infra/template/read';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DEADLINE_MARGIN_MS, untilAnswered } from '../../lib/http/deadline';
import { expectError, TYPES } from '../support/expect-error';
import { targetFor } from '../support/gallery-answers';
import { DAY } from '../../lib/gallery/layout';
import { invoke, invokeShortLink } from '../support/invoke';

jest.setTimeout(60_000);

let database: DynamoDbLocal;
let gallery: typeof import('../support/gallery-fixtures');
let functionsClient: DynamoDBDocumentClient;
const savedEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;

/** The function's time left at the call; the deadline is DEADLINE_MARGIN_MS before its end. */
const REMAINING_MS = 2_500;
const DEADLINE_MS = REMAINING_MS - DEADLINE_MARGIN_MS;
const WINDOW_START = Date.UTC(2012, 5, 1) / 1000;
let photoId: number;
let code: string;

beforeAll(async () => {
  database = await startDynamoDbLocal({ port: await freePort() });
  const client = new DynamoDBClient({ endpoint: database.endpoint });
  await ensureTables(client, loadTemplate());
  client.destroy();
  // The functions' document client takes the endpoint of the moment it is first loaded.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = database.endpoint;
  gallery = await import('../support/gallery-fixtures');
  functionsClient = (await import('../../lib/db/client')).documentClient;
  const data = new gallery.GalleryData();
  const photos = [0, 1, 2].map((day) => data.photo(WINDOW_START + day * DAY));
  data.comment(photos[0]!, WINDOW_START + 60);
  await data.save();
  photoId = photos[0]!.id;
  const created = await invoke(targetFor('/url/short/create', 'url=https%3A%2F%2Fdeadline.test%2F', 'json'));
  code = (JSON.parse(created.body) as { shorturls: Array<{ short_url: string }> }).shorturls[0]!.short_url.split('/').pop()!;
}, 90_000);

afterAll(async () => {
  database?.thaw();
  await database?.stop();
  if (savedEndpoint === undefined) delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  else process.env.AWS_ENDPOINT_URL_DYNAMODB = savedEndpoint;
});

afterEach(() => jest.restoreAllMocks());

/** Invokes and times the answer. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

describe('a database that does not answer', () => {
  beforeEach(() => database.freeze());
  afterEach(() => database.thaw());

  test.each([
    ['a gallery listing', `/galleryphotos`, `min_submit_date=${WINDOW_START}&sort=digg_count-desc`],
    ['a photo', '/galleryphoto/PHOTO', ''],
    ['a short URL lookup', '/url/short/CODE', ''],
  ])('%s is answered 503 with Retry-After in every type at the deadline, before the function times out', async (_, path, query) => {
    const target = path.replace('PHOTO', String(photoId)).replace('CODE', code);
    const answers = await Promise.all(
      TYPES.map((type) => timed(() => invoke(targetFor(target, query, type), { remainingMs: REMAINING_MS }))),
    );
    TYPES.forEach((type, index) => {
      const { answer, ms } = answers[index]!;
      expectError(answer, type, 500, 503, { detail: false });
      expect(answer.headers['retry-after']).toBe('1');
      expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      expect(ms).toBeLessThan(REMAINING_MS);
    });
  });

  test('a visit to a short link gets the 503 page at the deadline', async () => {
    const { answer, ms } = await timed(() => invokeShortLink(`/${code}`, { remainingMs: REMAINING_MS }));
    expect([answer.statusCode, answer.headers['retry-after'], answer.headers['content-type']]).toEqual([
      503,
      '1',
      'text/html; charset=utf-8',
    ]);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(ms).toBeLessThan(REMAINING_MS);
  });
});

/**
 * The functions' client made slow (each command answered after DELAY_MS, as a busy database
 * answers) with every command's start and end recorded: when it started, and whether it was
 * answered or aborted.
 */
const DELAY_MS = 400;
function slowDatabase() {
  const sent: Array<{ command: string; startedAt: number; endedAt?: number; outcome?: string }> = [];
  const send = functionsClient.send.bind(functionsClient) as (
    command: unknown,
    options?: { abortSignal?: AbortSignal },
  ) => Promise<unknown>;
  jest.spyOn(functionsClient, 'send').mockImplementation(((
    command: { constructor: { name: string } },
    options?: { abortSignal?: AbortSignal },
  ) => {
    const entry: (typeof sent)[number] = { command: command.constructor.name, startedAt: performance.now() };
    sent.push(entry);
    const end = (outcome: string) => {
      entry.endedAt = performance.now();
      entry.outcome = outcome;
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => send(command, options).then(resolve, reject), DELAY_MS);
      options?.abortSignal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      });
    }).then(
      (value) => {
        end('answered');
        return value;
      },
      (error) => {
        end((error as Error).name);
        return Promise.reject(error);
      },
    );
  }) as never);
  return sent;
}

describe('a request that has been answered reads no more', () => {
  test('at its deadline: the reads in flight are aborted and none starts after', async () => {
    const sent = slowDatabase();
    // A digg-sorted page takes three rounds of reads (counters, day partitions, photos): 1.2 s here.
    const { answer, ms } = await timed(() =>
      invoke(targetFor('/galleryphotos', `min_submit_date=${WINDOW_START}&sort=digg_count-desc`, 'json'), { remainingMs: 1_600 }),
    );
    const answeredAt = performance.now();
    expectError(answer, 'json', 500, 503, { detail: false });
    expect(ms).toBeLessThan(1_600);
    await new Promise((wait) => setTimeout(wait, 3 * DELAY_MS));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((entry) => entry.startedAt > answeredAt - 100)).toEqual([]);
    const inFlight = sent.filter((entry) => entry.outcome !== 'answered');
    expect(inFlight.length).toBeGreaterThan(0);
    for (const entry of inFlight) expect(entry).toMatchObject({ outcome: 'AbortError', endedAt: expect.any(Number) });
  });

  test('answered before its deadline (404): the reads it started beside are aborted too', async () => {
    const sent = slowDatabase();
    // The photo and the page of its top-level comments are read at once; there is no such photo.
    const { answer } = await timed(() =>
      invoke(targetFor('/galleryphoto/987654321987/comments', 'sort=digg_count-asc', 'json'), { remainingMs: 9_000 }),
    );
    const answeredAt = performance.now();
    expectError(answer, 'json', 404, 404);
    await new Promise((wait) => setTimeout(wait, 3 * DELAY_MS));
    expect(sent.filter((entry) => entry.startedAt > answeredAt)).toEqual([]);
    expect(sent.every((entry) => entry.endedAt !== undefined && entry.endedAt < answeredAt + 50)).toBe(true);
  });
});

describe('untilAnswered', () => {
  test('aborts the signal once the work has settled, whether it answered or failed', async () => {
    let seen: AbortSignal | undefined;
    await untilAnswered(undefined, async (signal) => {
      seen = signal();
      expect(seen.aborted).toBe(false);
    });
    expect(seen!.aborted).toBe(true);
    await expect(
      untilAnswered(undefined, async (signal) => {
        seen = signal();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(seen!.aborted).toBe(true);
  });

  test('aborts it at once when the deadline passes', async () => {
    const deadline = new AbortController();
    const work = untilAnswered(
      deadline.signal,
      (signal) => new Promise((_, reject) => signal().addEventListener('abort', () => reject(signal().reason))),
    );
    deadline.abort(new Error('deadline'));
    await expect(work).rejects.toThrow('deadline');
  });

  test('makes no signal for work that never asks for one (a static answer)', async () => {
    const made = jest.spyOn(AbortSignal, 'any');
    try {
      expect(await untilAnswered(new AbortController().signal, async () => 'answered')).toBe('answered');
      expect(made).not.toHaveBeenCalled();
      await untilAnswered(new AbortController().signal, async (signal) => signal());
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
