/** The one short URL of a JSON answer to a creation or a lookup (docs/api.md, Short URLs): a Short URL list of one. */
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { CONTENT_TYPE } from './expect-error';
import type { Invocation } from './invoke';

export function theShortUrl(response: Invocation): ShortUrlValue {
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  expect(response.headers['content-type']).toBe(CONTENT_TYPE.json);
  const list = JSON.parse(response.body) as { shorturls: ShortUrlValue[]; total: number };
  expect(list.total).toBe(1);
  expect(list.shorturls).toHaveLength(1);
  return list.shorturls[0]!;
}
