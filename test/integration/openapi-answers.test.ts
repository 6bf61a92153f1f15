/**
 * Real answers of every endpoint of docs/openapi.yaml are valid against what it declares for their
 * path and status: successes, errors, the rate limit's 503, a Javascript error (docs/api.md, Errors).
 */
import { randomUUID } from 'node:crypto';
import { expectError, invokeWithEnv } from '../support/expect-error';
import { DAY } from '../support/gallery-fixtures';
import { invoke } from '../support/invoke';
import { enc, expectDocumented, newClient, sampleRequests, validatorFor } from '../support/openapi-answers';
import { API_PATHS, type Json } from '../support/openapi-document';
import { runScript } from '../support/parsers';

// Some tests invoke every route, or fill a rate-limit window: past jest's 5 s on a busy machine.
jest.setTimeout(60_000);

const { data, samples: SAMPLES } = sampleRequests();

/** What each path's 200 holds besides what the document declares. */
const CHECKS: Record<string, (body: Json) => void> = {
  '/errors': (body) => expect(body.errors).toHaveLength(30),
  '/error/{code}': (body) => expect(body.errors).toEqual([{ code: 1005, message: 'Application key required' }]),
  '/containers': (body) => expect(body.containers).toHaveLength(8),
  '/galleryphotos': (body) => expect(body).toMatchObject({ total: '2', photos: [{}, {}], max_date: data.start + 2 * DAY }),
  '/galleryphotos/{list}': (body) => expect(body).toMatchObject({ total: '2', offset: 1, count: 1 }),
  '/galleryphoto/{id}': (body) => expect(body.photos[0].id).toBe(data.photoId),
  '/galleryphotos/comments': (body) => expect(body.comments).toHaveLength(2),
  // Every comment of the photos, replies included.
  '/galleryphotos/{list}/comments': (body) => expect(body.total).toBe('2'),
  '/galleryphoto/{id}/comments': (body) => expect(body.comments[0]).toMatchObject({ id: data.commentId, replyto: null, level: 0 }),
  '/galleryphoto/{id}/comment/{comment_id}': (body) => expect(body.comments).toHaveLength(1),
  '/galleryphoto/{id}/comment/{comment_id}/replies': (body) =>
    expect(body.comments[0]).toMatchObject({ replyto: data.commentId, level: 1, root: data.commentId }),
  '/url/short/create': (body) => expect(body.shorturls[0].view_count).toBe(0),
  '/url/short/{short_url}': (body) => expect(body.shorturls[0].short_url).toMatch(new RegExp(`/${data.shortCode}$`)),
};

describe('real answers of every endpoint validate against the document', () => {
  test('there is a sample for every API path of the document', () => {
    expect(SAMPLES.map((sample) => sample.path).sort()).toEqual([...API_PATHS].sort());
  });

  describe.each(SAMPLES.map((sample) => [sample.path, sample] as const))('%s', (path, sample) => {
    test('200 (JSON) matches the documented schema and headers', async () => {
      const client = newClient();
      const answer = await invoke(`${sample.ok()}&appkey=${enc(client.appkey)}`, { sourceIp: client.sourceIp });
      expect(answer.statusCode).toBe(200);
      CHECKS[path]?.(expectDocumented(path, answer));
    });

    test('errors (JSON) match the documented error schema and headers', async () => {
      for (const [target, code, status] of [[sample.ok(), 1005, 403] as const, ...(sample.error ? [sample.error()] : [])]) {
        const answer = await invoke(target, { sourceIp: newClient().sourceIp });
        expectError(answer, 'json', code, status);
        expectDocumented(path, answer);
      }
    });
  });

  test('503 from the short URL rate limit matches the documented 503 (Retry-After, body code 403)', async () => {
    const client = newClient();
    const target = () => `/url/short/create?appkey=${enc(client.appkey)}&type=json&url=${enc(`https://news.test/${randomUUID()}`)}`;
    const env = { RATE_LIMIT_PER_APP_KEY: '1' };
    expect((await invokeWithEnv(env, target())).statusCode).toBe(200);
    const answer = await invokeWithEnv(env, target());
    expectError(answer, 'json', 403, 503);
    expectDocumented('/url/short/create', answer);
  });

  test('a Javascript error is HTTP 200 and passes a ScriptError to the callback', async () => {
    const answer = await invoke('/galleryphotos?type=javascript&callback=cb&count=0');
    expect(answer.statusCode).toBe(200);
    const run = runScript(answer.body, 'cb');
    expect(validatorFor({ $ref: '#/components/schemas/ScriptError' })(run.calls[0]![0])).toBe(true);
    expect(run.calls[0]![0]).toMatchObject({ code: 1005, status: 403 });
  });
});
