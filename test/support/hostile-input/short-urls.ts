/** Short URLs (docs/api.md, Short URLs): what creating a link may answer, which spellings name a stored one, and the tests' own. */
import { randomUUID } from 'node:crypto';
import { block } from '../../../infra/ops/shorturls/blocks';
import { disable } from '../../../infra/ops/shorturls/takedown';
import { documentClient } from '../../../lib/db/client';
import { APP_KEY, invoke } from '../invoke';
import { codeOf, SHORT_URL_HOST } from '../short-url-host';
import { addLegitimate } from './echoes';
import { nextAddress } from './requests';

const SHORT_ORIGIN = new URL(SHORT_URL_HOST);
export const SHORT_URL = new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`);
const MAX_LINK = 2048;

/** A short URL made before the properties run, for them to name. */
export type StoredShortUrl = Readonly<{ code: string; link: string; short_url: string; itemid: number }>;
/** Looked up by the API properties; followed on the short-link host (their views counted); taken down (never a view). */
export const STORED: StoredShortUrl[] = [];
export const VISITED: StoredShortUrl[] = [];
export const TAKEN_DOWN: StoredShortUrl[] = [];

/** App keys of the create property, one a request (never the per-key rate limit): valid by docs/api.md, `appkey`. */
export const testKeyOf = (uuid: string): string => `http://k-${uuid}.hostile.app/`;
const TEST_KEY = /^http:\/\/k-[0-9a-f-]{36}\.hostile\.app\/$/;
export const isValidTestKey = (key: string): boolean => key === APP_KEY || TEST_KEY.test(key);

/** `text` as a URL, when it parses as one with the http or https scheme. */
function httpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * docs/api.md, Short URLs, `url`: `link` the normalised link (undefined: only 1016); `refusable` when 1016 is fair
 * too, as for the short host's name on another port ("the short host itself" need not mean its port).
 */
export function linkOf(raw: string | null): { readonly link?: string; readonly refusable: boolean } {
  const refused = { refusable: true };
  if (raw === null || raw === '' || raw.length > MAX_LINK) return refused;
  const url = httpUrl(raw);
  if (url === undefined || url.username !== '' || url.password !== '' || url.host === SHORT_ORIGIN.host || url.href.length > MAX_LINK)
    return refused;
  const hostname = (u: URL): string => u.hostname.replace(/\.$/, '');
  // This machine on the short host's port, by any address that is not a public name, may be it.
  const maybeLocal = url.port === SHORT_ORIGIN.port && (/^[\d.]+$|^\[/.test(url.hostname) || /localhost$/i.test(hostname(url)));
  return { link: url.href, refusable: hostname(url) === hostname(SHORT_ORIGIN) || maybeLocal };
}

/** Another spelling of a stored short URL (scheme case, https, dot segments): found or 404, either is fair. */
export function spellsShortUrl(segment: string, code: string): boolean {
  const url = httpUrl(segment);
  return url !== undefined && url.host === SHORT_ORIGIN.host && url.pathname === `/${code}` && url.search === '' && url.hash === '';
}

/** A short URL made for these tests, from an app key and address of its own. */
async function makeShortUrl(link: string): Promise<StoredShortUrl> {
  const key = encodeURIComponent(testKeyOf(randomUUID()));
  const response = await invoke(`/url/short/create?appkey=${key}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: nextAddress() });
  expect(response.statusCode).toBe(200);
  const entry = (JSON.parse(response.body) as { shorturls: Array<{ link: string; short_url: string; itemid: number }> }).shorturls[0]!;
  addLegitimate(entry.link, entry.short_url);
  return { code: codeOf(entry.short_url), link: entry.link, short_url: entry.short_url, itemid: entry.itemid };
}

export async function storeLookedUp(): Promise<void> {
  for (let i = 0; i < 3; i++) STORED.push(await makeShortUrl(`https://news.test/${randomUUID()}/looked-up?i=${i}`));
}

/** VISITED, and TAKEN_DOWN: one disabled, one to a blocked host. */
export async function storeVisited(): Promise<void> {
  for (let i = 0; i < 3; i++) VISITED.push(await makeShortUrl(`https://news.test/${randomUUID()}/visited?i=${i}&a='b'`));
  const target = { documents: documentClient, table: process.env.SHORT_URLS_TABLE! };
  const takedown = { reason: 'hostile-input tests', at: 1_795_000_000, by: 'the tests' };
  const disabled = await makeShortUrl(`https://news.test/${randomUUID()}/disabled`);
  await disable(target, disabled.code, takedown);
  const host = `blocked-${randomUUID().slice(0, 8)}.test`;
  const blocked = await makeShortUrl(`https://www.${host}/x?a=1`);
  await block(target, host, takedown);
  TAKEN_DOWN.push(disabled, blocked);
}
