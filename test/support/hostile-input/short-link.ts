/** The short-link host under hostile paths and methods (docs/api.md, Short URLs: views). */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { documentClient } from '../../../lib/db/client';
import { type Invocation, invoke, invokeShortLink } from '../invoke';
import { SHORT_URL_HOST } from '../short-url-host';
import { checkHeaders, isLegitimate } from './echoes';
import { decodeSegment } from './requests';
import { SHORT_LINK_HEADERS } from './rules';
import { type StoredShortUrl, TAKEN_DOWN, VISITED } from './short-urls';
import { anyWord, fullyEncode, hostileWire, longWire, weighted } from './strings';
import { KEY_ARGUMENT, segmentWire } from './wire';

const visitedCode = weighted([3, fc.nat({ max: 2 }).map((i) => VISITED[i]!.code)], [1, fc.nat({ max: 1 }).map((i) => TAKEN_DOWN[i]!.code)]);
const shortLinkSegment = weighted(
  [4, visitedCode],
  [1, visitedCode.map(fullyEncode)],
  [1, fc.tuple(visitedCode, anyWord('/ /x x %00 %20 . %2F /.. ;x %E2%80%A8')).map(([code, suffix]) => code + suffix)],
  [1, fc.tuple(anyWord('%20 . ..%2F %00 ~'), visitedCode).map(([prefix, code]) => prefix + code)],
  [1, visitedCode.map((code) => code.toLowerCase())],
  [1, visitedCode.map((code) => code.slice(1))],
  [1, fc.stringMatching(/^[0-9A-Za-z]{7}$/)],
  [1, segmentWire],
  [1, hostileWire],
  [1, longWire],
  [1, fc.tuple(hostileWire, hostileWire).map(([a, b]) => `${a}/${b}`)],
  [1, ['', '/', 'url/short/create', 'favicon.ico', 'robots.txt', '%2e%2e', '..', `${encodeURIComponent(SHORT_URL_HOST)}`]],
);
/** A path on the short-link host, with a query now and then. */
const search = fc.option(weighted([1, hostileWire], [1, ['utm_source=x', 'q=<script>alert(1)</script>', 'x']]), { nil: undefined });
export const shortLinkTarget = fc
  .tuple(shortLinkSegment, search)
  .map(([path, query]) => `/${path}${query === undefined ? '' : `?${query}`}`);
export const shortLinkMethod = weighted([6, ['GET']], [1, ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get']]);
/** The one page every miss answers: read before the properties hold every miss to it. */
let notFoundPage = '';
export async function readNotFoundPage(): Promise<string> {
  notFoundPage = (await invokeShortLink('/')).body;
  return notFoundPage;
}
/** The views the tests made, per code: each GET answered with a 301 counts one. */
const views = new Map<string, number>();
const HTML = 'text/html; charset=utf-8';

/**
 * A 301 to the stored link for a stored code (as sent, or maybe percent-encoded), its page for one taken down, the one
 * 404 page for anything else; never a 5xx, nothing of the request told back. `bodyless`: over HTTP (HEAD has no body).
 */
export function checkShortLink(path: string, verb: string, response: Invocation, bodyless = false): void {
  const raw = /^\/([^/]+)$/.exec(path.split('?')[0]!)?.[1];
  // What the segment names as sent (that status only), or once decoded (that status or the 404).
  const named = (records: readonly StoredShortUrl[]) => {
    if (raw === undefined || !(verb === 'GET' || verb === 'HEAD')) return {};
    return { exact: records.find((r) => r.code === raw), loose: records.find((r) => r.code === decodeSegment(raw)) };
  };
  const [visited, takenDown] = [named(VISITED), named(TAKEN_DOWN)];
  const { statusCode: status, headers, body } = response;
  const noBody = bodyless && verb === 'HEAD';
  const where = `${verb} ${JSON.stringify(path).slice(0, 200)}: ${status}`;
  const hostile = [path, decodeSegment(path), ...path.split(/[/?&=]/)].filter((text) => text.length > 3 && !isLegitimate(text));
  try {
    expect(status).toBeLessThan(500);
    expect(headers['x-content-type-options']).toBe('nosniff');
    checkHeaders(headers, SHORT_LINK_HEADERS, hostile);
    const allowed = visited.exact ? [301] : takenDown.exact ? [410] : [...(visited.loose ? [301] : takenDown.loose ? [410] : []), 404];
    if (!allowed.includes(status)) throw new Error(`not ${allowed.join(' or ')}`);
    const expected = {
      301: { location: (visited.exact ?? visited.loose)?.link, 'cache-control': 'no-store', body: '' },
      410: { location: undefined, 'content-type': HTML, 'cache-control': 'no-store' },
      404: { location: undefined, 'content-type': HTML, body: noBody ? '' : notFoundPage },
    }[status as 301 | 410 | 404];
    for (const [name, value] of Object.entries(expected)) expect([name, name === 'body' ? body : headers[name]]).toEqual([name, value]);
    // Taken down: its one page; a GET answered with a 301 counts one view, a HEAD none.
    if (status === 410 && !noBody) expect(body).toContain('<title>Gone</title>');
    const followed = status === 301 && verb === 'GET' ? (visited.exact ?? visited.loose)!.code : undefined;
    if (followed) views.set(followed, (views.get(followed) ?? 0) + 1);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
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
