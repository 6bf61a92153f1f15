/** The short-link host under hostile paths and methods (docs/api.md, Short URLs: views). */
import fc from 'fast-check';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../lib/db/client';
import { type Invocation, invoke, invokeShortLink } from '../invoke';
import { SHORT_URL_HOST } from '../short-url-host';
import { checkHeaders, isLegitimate } from './echoes';
import { decodeSegment } from './requests';
import { SHORT_LINK_HEADERS } from './rules';
import { TAKEN_DOWN, VISITED } from './short-urls';
import { anyWord, fullyEncode, hostileWire, longWire } from './strings';
import { KEY_ARGUMENT, segmentWire } from './wire';

const visitedCode = fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 2 }).map((i) => VISITED[i]!.code) },
  fc.nat({ max: 1 }).map((i) => TAKEN_DOWN[i]!.code),
);
const shortLinkSegment = fc.oneof(
  { weight: 4, arbitrary: visitedCode },
  visitedCode.map(fullyEncode),
  fc.tuple(visitedCode, anyWord('/ /x x %00 %20 . %2F /.. ;x %E2%80%A8')).map(([code, suffix]) => code + suffix),
  fc.tuple(anyWord('%20 . ..%2F %00 ~'), visitedCode).map(([prefix, code]) => prefix + code),
  visitedCode.map((code) => code.toLowerCase()),
  visitedCode.map((code) => code.slice(1)),
  fc.stringMatching(/^[0-9A-Za-z]{7}$/),
  segmentWire,
  hostileWire,
  longWire,
  fc.tuple(hostileWire, hostileWire).map(([a, b]) => `${a}/${b}`),
  fc.constantFrom('', '/', 'url/short/create', 'favicon.ico', 'robots.txt', '%2e%2e', '..', `${encodeURIComponent(SHORT_URL_HOST)}`),
);
/** A path on the short-link host, with a query now and then. */
export const shortLinkTarget = fc
  .tuple(
    shortLinkSegment,
    fc.option(fc.oneof(hostileWire, fc.constantFrom('utm_source=x', 'q=<script>alert(1)</script>', 'x')), { nil: undefined }),
  )
  .map(([path, search]) => `/${path}${search === undefined ? '' : `?${search}`}`);
export const shortLinkMethod = fc.oneof(
  { weight: 6, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get') },
);

/** The one page every miss answers: read before the properties hold every miss to it. */
let notFoundPage = '';
export async function readNotFoundPage(): Promise<string> {
  notFoundPage = (await invokeShortLink('/')).body;
  return notFoundPage;
}
/** The views the tests made, per code: each GET answered with a 301 counts one. */
const views = new Map<string, number>();

/**
 * A 301 to the stored link for a stored code (as sent, or maybe percent-encoded), its page for one taken down, the one
 * 404 page for anything else; never a 5xx, nothing of the request told back. `bodyless`: over HTTP (HEAD has no body).
 */
export function checkShortLink(path: string, verb: string, response: Invocation, bodyless = false): void {
  const raw = /^\/([^/]+)$/.exec(path.split('?')[0]!)?.[1];
  const follows = verb === 'GET' || verb === 'HEAD';
  const exact = follows ? VISITED.find((v) => v.code === raw) : undefined;
  const loose = follows && raw !== undefined ? VISITED.find((v) => v.code === decodeSegment(raw)) : undefined;
  const takenDown = follows && raw !== undefined ? TAKEN_DOWN.find((v) => v.code === raw || v.code === decodeSegment(raw)) : undefined;
  const where = `${verb} ${JSON.stringify(path).slice(0, 200)}`;
  expect(response.statusCode).toBeLessThan(500);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const hostile = [path, decodeSegment(path), ...path.split(/[/?&=]/)].filter((text) => text.length > 3 && !isLegitimate(text));
  try {
    checkHeaders(response.headers, SHORT_LINK_HEADERS, hostile);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  if (response.statusCode === 301) {
    const followed = exact ?? loose;
    if (followed === undefined) throw new Error(`${where}: 301 to ${response.headers.location} for no stored code`);
    expect(response.headers.location).toBe(followed.link);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('');
    // HEAD is followed but not counted.
    if (verb === 'GET') views.set(followed.code, (views.get(followed.code) ?? 0) + 1);
    return;
  }
  if (exact !== undefined) throw new Error(`${where}: ${response.statusCode} for the stored code ${exact.code}`);
  if (response.statusCode === 410) {
    // Taken down: its one page, never for a code that is not.
    if (takenDown === undefined) throw new Error(`${where}: 410 for no code taken down`);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toBeUndefined();
    if (!(bodyless && verb === 'HEAD')) expect(response.body).toContain('<title>Gone</title>');
    return;
  }
  if (takenDown !== undefined && takenDown.code === raw) throw new Error(`${where}: ${response.statusCode} for the code taken down ${raw}`);
  if (response.statusCode !== 404) throw new Error(`${where}: status ${response.statusCode}`);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers.location).toBeUndefined();
  // The one page, whatever the path: nothing of the request is told back.
  expect(response.body).toBe(bodyless && verb === 'HEAD' ? '' : notFoundPage);
}

/** Each 301 counted exactly one view, and nothing else counted any. */
export async function expectViewCounts(): Promise<void> {
  expect(views.size).toBeGreaterThan(0);
  for (const stored of VISITED) {
    const lookup = await invoke(`/url/short/${stored.code}?${KEY_ARGUMENT}&type=json`);
    const entry = (JSON.parse(lookup.body) as { shorturls: Array<{ view_count: number }> }).shorturls[0]!;
    expect(entry.view_count).toBe(views.get(stored.code) ?? 0);
  }
  // A link taken down counts no view, whatever reached it.
  for (const { code } of TAKEN_DOWN) {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: process.env.SHORT_URLS_TABLE!, Key: { pk: `code#${code}` }, ConsistentRead: true }),
    );
    expect(Item?.view_count).toBe(0);
  }
}
