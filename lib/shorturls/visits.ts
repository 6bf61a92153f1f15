/**
 * A visit to a short link (docs/api.md, Short URLs: Views, Takedown): where it leads, counting
 * its view. The link comes first: a view that cannot be counted, or not yet, does not keep the
 * link from its visitor, who is redirected by what the container remembers, or a read. A link
 * taken down, or to a blocked host, is gone, and a visit answered so never counts a view: while
 * the container knows of any blocked host, a code it does not remember is read before its view.
 * A view the record's key cannot take (throttled) goes to a shard once the link is known live, by
 * the container's memory or a read, as a redirect's link is known when its view is not counted.
 */
import { type Blocklist, liveRecord } from './blocklist';
import { KnownLinks } from './known-links';
import type { ShortUrlStore, ViewResult } from './store';

export type Visit =
  | { readonly link: string; readonly view: 'counted' | 'unconfirmed' }
  | { readonly link: string; readonly view: 'not counted'; readonly error: unknown }
  | { readonly gone: true };

const GONE = { gone: true } as const;
const UNCONFIRMED = { outcome: 'unconfirmed' } as const;

/** How long a redirect waits for its view: past this, it answers all the same, and the view, sent once, lands or not. */
const VIEW_WAIT_MS = 500;

/** The promise's value, or `late` if it takes longer than `ms`. */
async function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class Visits {
  /** The reads in flight, by what they read and the code: visits at once share one. */
  private readonly reading = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: ShortUrlStore,
    private readonly blocklist: Blocklist,
    private readonly known = new KnownLinks(),
  ) {}

  /** The destination of a visit to `code`, its view counted at most once; undefined when the code is unknown. */
  async follow(code: string): Promise<Visit | undefined> {
    let link = this.known.get(code);
    if (link !== undefined) {
      if (await this.blocklist.blocks(link)) return GONE;
    } else if (this.blocklist.due() || this.blocklist.holdsHosts()) {
      // Its host must be known not to be blocked before its view is counted.
      const record = await this.shared('live', code, () => liveRecord(this.store, this.blocklist, code, 'skipped'));
      if (record === undefined || record === 'gone') return record === undefined ? undefined : GONE;
      link = record.link;
    }
    const view = await within(this.count(code, link), VIEW_WAIT_MS, UNCONFIRMED);
    if (view.outcome === 'no such code' || view.outcome === 'gone') {
      this.known.forget(code);
      return view.outcome === 'gone' ? GONE : undefined;
    }
    if (view.outcome === 'counted') {
      this.known.remember(code, view.link);
      return { link: view.link, view: 'counted' };
    }
    // A link read for a spilled view is remembered: not read twice.
    const destination = link ?? this.known.get(code) ?? (await this.readLink(code));
    if (typeof destination !== 'string') return destination;
    return view.outcome === 'unconfirmed'
      ? { link: destination, view: 'unconfirmed' }
      : { link: destination, view: 'not counted', error: view.error };
  }

  /**
   * The view: on the record, or, when its key throttles, on a shard once the link is known live
   * (by memory, or read: a code unknown or taken down counts none). One promise, so that a view
   * the redirect stops waiting for still ends where it would have.
   */
  private async count(code: string, link: string | undefined): Promise<Exclude<ViewResult, { outcome: 'throttled' }>> {
    const view = await this.store.addView(code);
    if (view.outcome !== 'throttled') return view;
    const destination = link ?? (await this.readLink(code));
    if (typeof destination !== 'string') return { outcome: destination === undefined ? 'no such code' : 'gone' };
    const shard = await this.store.addShardView(code);
    return shard.outcome === 'counted' ? { outcome: 'counted', link: destination } : shard;
  }

  /** Where a visit to `code` leads, without counting a view (a HEAD): its link, `gone`, or undefined when the code is unknown. */
  async peek(code: string): Promise<string | 'gone' | undefined> {
    const record = await liveRecord(this.store, this.blocklist, code, 'skipped');
    return typeof record === 'object' ? record.link : record;
  }

  /**
   * `read` of `code`, or the one already in flight: a hot link's key takes a few reads a second
   * however many visits arrive at once, and none fails for being one of many.
   */
  private shared<T>(what: string, code: string, read: () => Promise<T>): Promise<T> {
    const key = `${what} ${code}`;
    let reading = this.reading.get(key) as Promise<T> | undefined;
    if (reading === undefined) {
      reading = read().finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  /** The code's link as the table holds it now, for a view not counted in time (no host blocked: see follow). */
  private readLink(code: string): Promise<string | typeof GONE | undefined> {
    return this.shared('link', code, () => this.readRecord(code));
  }

  private async readRecord(code: string): Promise<string | typeof GONE | undefined> {
    const record = await this.store.findByCode(code, 'skipped');
    if (record === undefined) return undefined;
    if (record.disabled !== undefined) return GONE;
    this.known.remember(code, record.link);
    return record.link;
  }
}
