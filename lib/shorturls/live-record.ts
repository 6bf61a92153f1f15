import type { Blocklist } from './blocklist';
import type { ShortUrlRecord, ShortUrlStore } from './store';

/**
 * The record under a code as a visitor may follow it, without counting a view: undefined when
 * there is none, `gone` when the operator took it down or its host is blocked (docs/api.md,
 * Takedown). The lookup and the short-link host's HEAD read it alike: when the container's
 * blocked hosts are due, the record goes with them in one request (./dynamodb.ts).
 */
export async function liveRecord(store: ShortUrlStore, blocklist: Blocklist, code: string): Promise<ShortUrlRecord | 'gone' | undefined> {
  const [record] = await Promise.all([store.findByCode(code), blocklist.refreshIfDue()]);
  if (record === undefined) return undefined;
  return record.disabled !== undefined || (await blocklist.blocks(record.link)) ? 'gone' : record;
}
