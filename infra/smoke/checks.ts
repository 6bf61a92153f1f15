/**
 * The smoke test's checks against a running deployment: the catalogue, the containers, the
 * catch-all 404 and a gallery listing in all four types, then a short URL of a link of its own:
 * created, looked up, and (with the short-link host's origin) followed and counted.
 */
import { randomUUID } from 'node:crypto';
import { decodeBody, TYPES, type Decoded, type ResponseType, type XmlElement } from './parsers';

export const APP_KEY = 'https://smoke-test.invalid/';
export const CALLBACK = 'smokeCallback';
export const REQUEST_TIMEOUT_MS = 10_000;

export interface SmokeOptions {
  /** The API's base URL (the stack's ApiUrl output). */
  readonly api: string;
  /** The short-link host's origin (the ShortUrlHost output); without it, following is skipped. */
  readonly shortLinks?: string | undefined;
}

export interface CheckResult {
  readonly name: string;
  readonly outcome: 'PASS' | 'FAIL' | 'SKIP';
  readonly reason?: string;
  readonly ms: number;
}

interface Check<T> {
  readonly result: Promise<CheckResult>;
  /** What the check found, for the checks that depend on it; rejects when it failed. */
  readonly value: Promise<T>;
}

class Skip extends Error {}

function check<T>(name: string, run: () => Promise<T>): Check<T> {
  const started = performance.now();
  const value = run();
  value.catch(() => {}); // dependents and `result` read the failure
  const result = value.then(
    (): CheckResult => ({ name, outcome: 'PASS', ms: performance.now() - started }),
    (error: unknown): CheckResult => ({
      name,
      outcome: error instanceof Skip ? 'SKIP' : 'FAIL',
      reason: describe(error),
      ms: performance.now() - started,
    }),
  );
  return { result, value };
}

/** What went wrong, in one line: fetch's own message hides the cause (ECONNREFUSED, timeouts). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}` : '';
  const message = error.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : `${error.message}${cause}`;
  return message.replace(/\s+/g, ' ').slice(0, 300);
}

/** Waits for a check this one needs; when it failed, this one fails saying so. */
async function after<T>(name: string, dependency: Check<T>): Promise<T> {
  try {
    return await dependency.value;
  } catch (error) {
    if (error instanceof Skip) throw error;
    throw new Error(`not run: ${name} failed`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A PHP object's class must end with the resource's name (the prefix is a setting). */
function assertClass(decoded: Decoded, value: unknown, suffix: string): void {
  if (decoded.type !== 'php') return;
  const className = isRecord(value) ? value.__class : undefined;
  assert(
    typeof className === 'string' && new RegExp(`^[A-Za-z0-9_]*${suffix}$`).test(className),
    `PHP class ${String(className)}, expected …${suffix}`,
  );
}

function xmlRoot(decoded: Decoded, name: string): XmlElement {
  assert(decoded.type === 'xml', 'not XML');
  assert(decoded.root.name === name, `root element <${decoded.root.name}>, expected <${name}>`);
  return decoded.root;
}

function recordOf(decoded: Decoded, suffix: string): Record_ {
  assert(decoded.type !== 'xml', 'XML');
  assert(isRecord(decoded.value), `the answer is not an object: ${JSON.stringify(decoded.value)?.slice(0, 100)}`);
  assertClass(decoded, decoded.value, suffix);
  return decoded.value;
}

function listOf(record: Record_, key: string): unknown[] {
  const list = record[key];
  assert(Array.isArray(list), `no list "${key}" in the answer`);
  return list;
}

interface ErrorEntry {
  readonly code: number;
  readonly message: string;
}

/** The entries of an error catalogue answer, in any type. */
function errorEntries(decoded: Decoded): ErrorEntry[] {
  if (decoded.type === 'xml') {
    return xmlRoot(decoded, 'errors').children.map((child) => {
      assert(child.name === 'error', `<${child.name}> in <errors>`);
      return { code: Number(child.attributes.code), message: child.attributes.message ?? '' };
    });
  }
  return listOf(recordOf(decoded, 'Errors'), 'errors').map((entry) => {
    assert(isRecord(entry), 'an entry is not an object');
    assertClass(decoded, entry, 'Error');
    return entry as unknown as ErrorEntry;
  });
}

function assertErrorEntries(entries: ErrorEntry[]): void {
  for (const entry of entries) {
    assert(Number.isInteger(entry.code) && typeof entry.message === 'string' && entry.message !== '', `bad entry ${JSON.stringify(entry)}`);
  }
}

interface ContainerEntry {
  readonly short_name: string;
  readonly topics: number;
}

function containerEntries(decoded: Decoded): ContainerEntry[] {
  if (decoded.type === 'xml') {
    return xmlRoot(decoded, 'containers').children.map((child) => {
      assert(child.name === 'container' && child.attributes.name, `<${child.name}> in <containers>`);
      assert(
        child.children.every((topic) => topic.name === 'topic' && topic.attributes.short_name),
        'a container holds something other than topics',
      );
      return { short_name: child.attributes.short_name ?? '', topics: child.children.length };
    });
  }
  return listOf(recordOf(decoded, 'Containers'), 'containers').map((entry) => {
    assert(isRecord(entry) && typeof entry.name === 'string', 'a container is not an object with a name');
    assertClass(decoded, entry, 'Container');
    const topics = listOf(entry, 'topics');
    assert(
      topics.every((topic) => isRecord(topic) && typeof topic.short_name === 'string'),
      'a topic has no short_name',
    );
    return { short_name: String(entry.short_name), topics: topics.length };
  });
}

export interface ShortUrl {
  readonly link: string;
  readonly short_url: string;
  readonly itemid: number;
  readonly view_count: number;
}

function shortUrlEntries(decoded: Decoded): ShortUrl[] {
  const entries =
    decoded.type === 'xml'
      ? xmlRoot(decoded, 'shorturls').children.map((child) => {
          assert(child.name === 'shorturl', `<${child.name}> in <shorturls>`);
          const { link, short_url, itemid, view_count } = child.attributes;
          return { link, short_url, itemid: Number(itemid), view_count: Number(view_count) };
        })
      : listOf(recordOf(decoded, 'ShortURLs'), 'shorturls').map((entry) => {
          assert(isRecord(entry), 'a short URL is not an object');
          assertClass(decoded, entry, 'ShortURL');
          return entry;
        });
  return entries.map((entry) => {
    assert(typeof entry.link === 'string' && typeof entry.short_url === 'string', `bad short URL ${JSON.stringify(entry)}`);
    assert(Number.isInteger(entry.itemid) && Number.isInteger(entry.view_count), `bad itemid or view_count in ${JSON.stringify(entry)}`);
    return entry as ShortUrl;
  });
}

/** An error answer (as the catch-all gives): its code, and the HTTP status it claims. */
function errorAnswer(decoded: Decoded): { code: number; status?: number; message?: string } {
  if (decoded.type === 'xml') {
    const { attributes } = xmlRoot(decoded, 'error');
    return { code: Number(attributes.code), ...(attributes.message === undefined ? {} : { message: attributes.message }) };
  }
  const value = recordOf(decoded, 'Error');
  return {
    code: Number(value.code),
    ...(value.status === undefined ? {} : { status: Number(value.status) }),
    ...(typeof value.message === 'string' ? { message: value.message } : {}),
  };
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

function galleryWrapper(decoded: Decoded): void {
  const fields = ['timestamp', 'min_date', 'total', 'offset', 'count'];
  if (decoded.type === 'xml') {
    const root = xmlRoot(decoded, 'gallery');
    for (const field of fields) assert(/^\d+$/.test(root.attributes[field] ?? ''), `<gallery> has no numeric ${field}`);
    assert(
      root.children.every((child) => child.name === 'galleryphoto'),
      'a <gallery> child is not a <galleryphoto>',
    );
    return;
  }
  const value = recordOf(decoded, 'Gallery');
  for (const field of fields) assert(/^\d+$/.test(String(value[field])), `the gallery has no numeric ${field}`);
  const photos = listOf(value, 'photos');
  assert(photos.length === Number(value.count), `count ${String(value.count)} but ${photos.length} photos`);
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
