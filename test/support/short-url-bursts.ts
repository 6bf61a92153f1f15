/**
 * Short URL creations sent in bursts (docs/api.md, Short URLs): links, app keys and addresses no other
 * request uses, and the creation's target (./short-url-answer.ts reads the entry it answers).
 */
import { randomInt, randomUUID } from 'node:crypto';

/** A link no other test (or earlier run against a kept database) has shortened. */
export const uniqueUrl = (tag: string): string => `https://concurrency.example/${tag}/${randomUUID()}?q=1`;
export const uniqueAppKey = (): string => `http://concurrency-${randomUUID()}.test/`;
/** A documentation-range address (RFC 5737) with a random tail, one per request. */
export const randomIp = (): string => `198.51.${randomInt(256)}.${randomInt(256)}`;
export const times = <T>(n: number, make: (_: unknown, i: number) => T): T[] => Array.from({ length: n }, make);

export const createTarget = (url: string, appKey: string) =>
  `/url/short/create?url=${encodeURIComponent(url)}&appkey=${encodeURIComponent(appKey)}&type=json`;
