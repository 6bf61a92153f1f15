/**
 * Short URL creations sent in bursts (docs/api.md, Short URLs): links, app keys and addresses no other
 * request uses, the creation's target, and the one entry a successful creation answers in JSON.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Invocation } from './invoke';

export type ShortUrlEntry = { readonly link: string; readonly short_url: string; readonly itemid: number; readonly view_count: number };

/** A link no other test (or earlier run against a kept database) has shortened. */
export const uniqueUrl = (tag: string): string => `https://concurrency.example/${tag}/${randomUUID()}?q=1`;
export const uniqueAppKey = (): string => `http://concurrency-${randomUUID()}.test/`;
/** A documentation-range address (RFC 5737) with a random tail, one per request. */
export const randomIp = (): string => `198.51.${randomInt(256)}.${randomInt(256)}`;
export const times = <T>(n: number, make: (_: unknown, i: number) => T): T[] => Array.from({ length: n }, make);

export const createTarget = (url: string, appKey: string) =>
  `/url/short/create?url=${encodeURIComponent(url)}&appkey=${encodeURIComponent(appKey)}&type=json`;

/** The one entry of a successful creation, in JSON. */
export function entryOf(response: Invocation): ShortUrlEntry {
  expect(response.statusCode).toBe(200);
  const value = JSON.parse(response.body) as { shorturls: ShortUrlEntry[]; total: number };
  expect(value.total).toBe(1);
  expect(value.shorturls).toHaveLength(1);
  return value.shorturls[0]!;
}
