/**
 * The smoke test's checks against a running deployment: the catalogue, the containers, the
 * catch-all 404 and a gallery listing in all four types, then a short URL of a link of its own:
 * created, looked up, and (with the short-link host's origin) followed and counted.
 */
import { randomUUID } from 'node:crypto';
import { after, assert, type Check, type CheckResult, check, describe, REQUEST_TIMEOUT_MS, Skip } from './check';
import { decodeBody, TYPES, type Decoded, type ResponseType } from './parsers';
import {
  assertErrorEntries,
  containerEntries,
  errorAnswer,
  errorEntries,
  galleryWrapper,
  type ShortUrl,
  shortUrlEntries,
} from './resources';

export const APP_KEY = 'https://smoke-test.invalid/';
export const CALLBACK = 'smokeCallback';

interface SmokeOptions {
  /** The API's base URL (the stack's ApiUrl output). */
  readonly api: string;
  /** The short-link host's origin (the ShortUrlHost output); without it, following is skipped. */
  readonly shortLinks?: string | undefined;
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** What a retired or browned-out endpoint says (docs/api.md, Retirement). */
const RETIRED = /^Not found: (retired on|retiring on|brownout until) \S+$/;
/** The short-link host's page when it is retired or browned out (lib/shorturls/redirect.ts). */
const RETIRED_PAGE = /\(((?:retired on|retiring on|brownout until) [^)\s]+)\)/;

/**
 * An endpoint the operator has retired, or browned out just now, answers 410 with error 404 and
 * says so: nothing of it can be checked, which is a skip, not a failure (the smoke test also runs
 * after the deploys of a retiring API).
 */
function skipRetired(answer: Answer, decoded: Decoded): void {
  let found: { code: number; status?: number; message?: string };
  try {
    found = errorAnswer(decoded);
  } catch {
    return;
  }
  const status = decoded.type === 'javascript' ? found.status : answer.status;
  if (status === 410 && found.code === 404 && RETIRED.test(found.message ?? '')) throw new Skip(`retired: ${found.message}`);
}

/** Starts every check at once (each waits for those it needs); their results, in a fixed order. */
export function runSmoke(options: SmokeOptions): Promise<CheckResult>[] {
  const api = withoutTrailingSlash(options.api);
  const shortLinks = options.shortLinks ? withoutTrailingSlash(options.shortLinks) : undefined;

  async function fetchText(url: string): Promise<Answer> {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  /** GETs an API path in one type and decodes it; checks the status (Javascript errors answer 200). */
  async function get(path: string, type: ResponseType, status = 200, extra = ''): Promise<{ answer: Answer; decoded: Decoded }> {
    const query = `appkey=${encodeURIComponent(APP_KEY)}&type=${type}${type === 'javascript' ? `&callback=${CALLBACK}` : ''}${extra}`;
    const answer = await fetchText(`${api}${path}${path.includes('?') ? '&' : '?'}${query}`);
    const expected = type === 'javascript' ? 200 : status;
    if (answer.status !== expected && answer.status !== 410)
      throw new Error(`HTTP ${answer.status}, expected ${expected}: ${answer.body.slice(0, 120)}`);
    let decoded: Decoded;
    try {
      decoded = decodeBody(type, answer.headers.get('content-type'), answer.body, CALLBACK);
    } catch (error) {
      throw new Error(`unparsable ${type}: ${describe(error)}; body: ${JSON.stringify(answer.body.slice(0, 80))}`);
    }
    skipRetired(answer, decoded);
    assert(answer.status === expected, `HTTP ${answer.status}, expected ${expected}: ${answer.body.slice(0, 120)}`);
    return { answer, decoded };
  }

  const checks: Check<unknown>[] = [];
  const add = <T>(name: string, run: () => Promise<T>): Check<T> => {
    const made = check(name, run);
    checks.push(made);
    return made;
  };

  for (const type of TYPES) {
    add(`GET /errors (${type}): 30 entries`, async () => {
      const entries = errorEntries((await get('/errors', type)).decoded);
      assert(entries.length === 30, `${entries.length} entries, expected 30`);
      assertErrorEntries(entries);
    });
    add(`GET /error/1014 (${type})`, async () => {
      const entries = errorEntries((await get('/error/1014', type)).decoded);
      assert(entries.length === 1 && entries[0]!.code === 1014, `expected only error 1014, got ${JSON.stringify(entries)}`);
      assertErrorEntries(entries);
    });
    add(`GET /containers (${type})`, async () => {
      const entries = containerEntries((await get('/containers', type)).decoded);
      assert(entries.length > 1, `${entries.length} containers`);
      assert(
        entries.some((entry) => entry.short_name === 'technology'),
        'no container technology',
      );
    });
    add(`GET /container/technology (${type})`, async () => {
      const entries = containerEntries((await get('/container/technology', type)).decoded);
      assert(entries.length === 1 && entries[0]!.short_name === 'technology', `expected only technology, got ${JSON.stringify(entries)}`);
      assert(entries[0]!.topics > 0, 'technology has no topics');
    });
    add(`GET an unknown path (${type}): 404`, async () => {
      const found = errorAnswer((await get(`/smoke-test-no-such-path-${randomUUID()}`, type, 404)).decoded);
      assert(found.code === 404, `error code ${found.code}, expected 404`);
      if (type === 'javascript') assert(found.status === 404, `status ${String(found.status)} in the object, expected 404`);
    });
    add(`GET /galleryphotos (${type}): gallery wrapper, Sunset header when set`, async () => {
      const { answer, decoded } = await get('/galleryphotos', type, 200, '&count=1');
      galleryWrapper(decoded);
      // Only a group with a sunset date has the header (docs/api.md, Retirement).
      const sunset = answer.headers.get('sunset');
      assert(sunset === null || !Number.isNaN(Date.parse(sunset)), `Sunset header ${String(sunset)}`);
    });
  }

  // A link of this run's own, so that its record is new and its view count starts at 0.
  const link = `https://smoke-test.invalid/run/${Date.now()}-${randomUUID()}`;
  const createPath = `/url/short/create?url=${encodeURIComponent(link)}`;
  const codeOf = (record: ShortUrl): string => record.short_url.slice(record.short_url.lastIndexOf('/') + 1);

  const oneShortUrl = (decoded: Decoded, views: number): ShortUrl => {
    const entries = shortUrlEntries(decoded);
    assert(entries.length === 1, `${entries.length} short URLs, expected 1`);
    const record = entries[0]!;
    assert(record.link === link, `link ${record.link}, expected ${link}`);
    assert(record.view_count === views, `view_count ${record.view_count}, expected ${views}`);
    return record;
  };

  const created = add('GET /url/short/create (json): a new short URL', async () => {
    const record = oneShortUrl((await get(createPath, 'json')).decoded, 0);
    assert(/^https?:\/\/[^/]+\/[A-Za-z0-9_-]+$/.test(record.short_url), `short_url ${record.short_url} is not an origin and a code`);
    if (shortLinks) assert(record.short_url === `${shortLinks}/${codeOf(record)}`, `short_url ${record.short_url} is not on ${shortLinks}`);
    return record;
  });
  const again = TYPES.filter((type) => type !== 'json').map((type) =>
    add(`GET /url/short/create (${type}): the same record`, async () => {
      const first = await after('the creation', created);
      const record = oneShortUrl((await get(createPath, type)).decoded, 0);
      assert(
        record.short_url === first.short_url && record.itemid === first.itemid,
        `got ${record.short_url} #${record.itemid}, expected ${first.short_url} #${first.itemid}`,
      );
    }),
  );
  const lookups = TYPES.map((type) =>
    add(`GET /url/short/{code} (${type}): view_count 0`, async () => {
      const first = await after('the creation', created);
      await Promise.all(again.map((other) => other.result));
      const record = oneShortUrl((await get(`/url/short/${encodeURIComponent(codeOf(first))}`, type)).decoded, 0);
      assert(record.short_url === first.short_url, `short_url ${record.short_url}, expected ${first.short_url}`);
    }),
  );
  const followed = add('GET {short URL} on the short-link host: 301 to the link', async () => {
    if (!shortLinks) throw new Skip('no SHORT_URL_BASE given');
    const first = await after('the creation', created);
    await Promise.all(lookups.map((lookup) => lookup.result)); // they expect no view yet
    const answer = await fetchText(`${shortLinks}/${codeOf(first)}`);
    if (answer.status === 410 && RETIRED_PAGE.test(answer.body))
      throw new Skip(`the short-link host is retired: ${RETIRED_PAGE.exec(answer.body)![1]}`);
    assert(answer.status === 301, `HTTP ${answer.status}, expected 301`);
    assert(answer.headers.get('location') === link, `Location ${String(answer.headers.get('location'))}, expected ${link}`);
    return first;
  });
  for (const type of TYPES) {
    add(`GET /url/short/{code} (${type}): view_count 1 after the visit`, async () => {
      const first = await after('the visit', followed);
      oneShortUrl((await get(`/url/short/${encodeURIComponent(codeOf(first))}`, type)).decoded, 1);
    });
  }
  return checks.map((made) => made.result);
}
