import { pause } from '../clock';
import { ApiError } from '../errors';
import type { ShortUrlListValue } from '../resources';
import { codeOfSegment, randomCode } from './code';
import { linkKey, normaliseLink } from './link';
import type { ShortUrlRecord, ShortUrlStore } from './store';

/** Enough for code collisions (about one in 10^9 at a million codes) and transaction conflicts. */
const MAX_ATTEMPTS = 8;

export class ShortUrlService {
  constructor(
    private readonly store: ShortUrlStore,
    /** Origin of the short links, e.g. https://sho.rt */
    private readonly shortHost: URL,
  ) {}

  /**
   * The record of a link, made if it has none: the same link always answers the same record,
   * also when requests for it race, since the record and the link's entry are written in one
   * conditional transaction that only one of them wins. `admit` is the rate limit: it runs once
   * the link is known to be valid and before anything is read or written. `created` tells
   * whether this request made the record (false when the link already had one).
   */
  async create(rawUrl: string | undefined, admit: () => Promise<void>): Promise<{ record: ShortUrlRecord; created: boolean }> {
    const link = normaliseLink(rawUrl, this.shortHost);
    await admit();
    const key = linkKey(link);
    let itemid: number | undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await this.store.findByLinkKey(key);
      if (existing) return { record: existing, created: false };
      itemid ??= await this.store.nextItemId();
      const record = { code: randomCode(), link, itemid, view_count: 0 };
      const outcome = await this.store.insert(record, key);
      if (outcome === 'inserted') return { record, created: true };
      // Another request's transaction touched the same items: let it finish, then look again.
      if (outcome === 'conflict') await pause(5 + Math.random() * 20 * (attempt + 1));
    }
    throw new Error(`no short URL made for a link after ${MAX_ATTEMPTS} attempts`);
  }

  /** The record a lookup segment names (the bare code or the whole short URL); 404 when none. */
  async lookup(segment: string): Promise<ShortUrlRecord> {
    const code = codeOfSegment(segment, this.shortHost);
    const record = code === undefined ? undefined : await this.store.findByCode(code);
    if (record === undefined) throw new ApiError(404);
    return record;
  }

  /** The Short URL list resource (spec 2.5) holding one record. */
  listOf(record: ShortUrlRecord, timestamp: number): ShortUrlListValue {
    const { link, itemid, view_count } = record;
    const short_url = `${this.shortHost.origin}/${record.code}`;
    return { shorturls: [{ link, short_url, itemid, view_count }], timestamp, total: 1, count: 1, offset: 0 };
  }
}
