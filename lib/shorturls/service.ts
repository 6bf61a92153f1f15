import { awaitedLater, databaseUnavailable } from '../db/failures';
import { pause } from '../iso-time';
import { ApiError } from '../api-error';
import { logger } from '../observability/powertools';
import type { ShortUrlListValue } from '../resources/short-urls';
import { codeOfSegment, randomCode } from './code';
import { liveRecord, type Blocklist } from './blocklist';
import { linkKey, normaliseLink, sameLinkOf } from './link';
import type { Admission } from './rate-limit';
import type { ShortLinkHost } from './hosts';
import type { LinkEntry, ShortUrlRecord, ShortUrlStore } from './store';
import type { Env } from '../config';
import { readShortLinkHost } from './settings';
import { blocklistOf, shortUrlStore } from './dynamodb';

/** The deduplication keys of a link's entry, and of its takedown form's when that is another spelling. */
interface EntryKeys {
  readonly link: string;
  readonly same?: string;
}

function entryKeysOf(link: string): EntryKeys {
  const same = sameLinkOf(link);
  return { link: linkKey(link), ...(same === link ? {} : { same: linkKey(same) }) };
}

/** Enough for code collisions (about one in 10^9 at a million codes) and transaction conflicts. */
const MAX_ATTEMPTS = 8;

export class ShortUrlService {
  constructor(
    private readonly store: ShortUrlStore,
    /** The short-link host: the origin short URLs carry, e.g. https://sho.rt, and its other names. */
    private readonly shortHost: ShortLinkHost,
    /** The hosts the operator has blocked. */
    private readonly blocklist: Blocklist,
  ) {}

  /**
   * The record of a link, made if it has none: the same link always answers the same record,
   * also when requests for it race, since the record and the link's entry are written in one
   * conditional transaction that only one of them wins. `admit` is the rate limit: it runs once
   * the link is known to be valid and not blocked, and before the link's record is read or
   * anything is written; a creation that fails after it gives its place back. `created` tells
   * whether this request made the record (false when the link already had one). A link to a
   * blocked host, or taken down in any spelling (./link.ts), is refused as an invalid one (1016).
   */
  async create(rawUrl: string | undefined, admit: () => Promise<Admission>): Promise<{ record: ShortUrlRecord; created: boolean }> {
    const link = normaliseLink(rawUrl, this.shortHost);
    const keys = entryKeysOf(link);
    // When the blocked hosts are read (a container's first creation, then once a minute), the
    // link's entries go with them in one request (docs/api.md, Short URLs: Rate limit).
    const entries = this.blocklist.due() ? awaitedLater(this.entriesOf(keys)) : undefined;
    if (await this.blocklist.blocks(link)) throw new ApiError(1016, 'url');
    const admission = await admit();
    try {
      const found = await this.findOrInsert(link, keys, entries);
      if (found.record.disabled !== undefined) throw new ApiError(1016, 'url');
      return found;
    } catch (error) {
      // Best effort: on a database that has just failed, the place may stay taken to the window's end.
      await admission.release().catch(() => undefined);
      throw error;
    }
  }

  /** The link's entry, and its takedown form's when that is another (./link.ts), read together. */
  private async entriesOf(keys: EntryKeys): Promise<{ entry?: LinkEntry; same?: LinkEntry }> {
    const [entry, same] = await Promise.all([this.store.linkEntry(keys.link), keys.same && this.store.linkEntry(keys.same)]);
    return { ...(entry ? { entry } : {}), ...(same ? { same } : {}) };
  }

  /** `entries`: the link's entries as read before admission, for the first attempt. */
  private async findOrInsert(
    link: string,
    keys: EntryKeys,
    entries: Promise<{ entry?: LinkEntry; same?: LinkEntry }> | undefined,
  ): Promise<{ record: ShortUrlRecord; created: boolean }> {
    let itemid: number | undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { entry, same } = await (attempt === 0 && entries !== undefined ? entries : this.entriesOf(keys));
      if (entry?.takenDown || same?.takenDown) throw new ApiError(1016, 'url');
      const existing = entry?.code === undefined ? undefined : await this.store.findByCode(entry.code);
      if (existing) return { record: existing, created: false };
      if (entry?.code !== undefined) {
        // The entry names a record that is not there, or cannot be read: only a table mended by hand mends it.
        logger.error('a link entry names no readable record: its creations answer 503', { code: entry.code });
        throw databaseUnavailable();
      }
      itemid ??= await this.store.nextItemId();
      const record = { code: randomCode(), link, itemid, view_count: 0 };
      const outcome = await this.store.insert(record, keys.link);
      if (outcome === 'inserted') return { record, created: true };
      // An imported record holds that itemid: take another.
      if (outcome === 'itemid-taken') itemid = undefined;
      // Another request's transaction touched the same items: let it finish, then look again.
      if (outcome === 'conflict') await pause(5 + Math.random() * 20 * (attempt + 1));
    }
    throw new Error(`no short URL made for a link after ${MAX_ATTEMPTS} attempts`);
  }

  /** The record a lookup segment names (the bare code or the whole short URL); 404 when none, or taken down. */
  async lookup(segment: string): Promise<ShortUrlRecord> {
    const code = codeOfSegment(segment, this.shortHost.origin);
    const record = code === undefined ? undefined : await liveRecord(this.store, this.blocklist, code);
    if (record === undefined || record === 'gone') throw new ApiError(404);
    return record;
  }

  /** The short URL list (docs/api.md, Bodies) holding one record. */
  listOf(record: ShortUrlRecord, timestamp: number): ShortUrlListValue {
    const { link, itemid, view_count } = record;
    const short_url = `${this.shortHost.origin.origin}/${record.code}`;
    return { shorturls: [{ link, short_url, itemid, view_count }], timestamp, total: 1, count: 1, offset: 0 };
  }
}

/** Creations and lookups, over SHORT_URLS_TABLE, for the short-link host SHORT_URL_HOST (./settings.ts). */
export const shortUrlService = (env: Env = process.env) => {
  const store = shortUrlStore(env);
  return new ShortUrlService(store, readShortLinkHost(env), blocklistOf(store));
};
