/**
 * The hosts the operator has blocked (docs/api.md, Blocked hosts), as a function's container
 * knows them: read at most once a minute, so that a block, or its undoing, reaches every
 * running function within 60 s with no deploy and no read per request. A name blocks itself and
 * every subdomain, an address only itself, in every spelling (./hosts.ts). When the list
 * cannot be read, or not at once, the last one read holds (at first, none): the link comes
 * first, and the records of links already made to a blocked host are taken down besides
 * (infra/ops/shorturls/blocks.ts).
 */
import { addressKeyOf, hostKeyOf } from './hosts';
import type { ShortUrlRecord, ShortUrlStore } from './store';

/** How old the list a container goes by may be. */
export const TAKEDOWN_REACH_MS = 60_000;

/**
 * How long a request waits for the list to be read again: past this, it goes by the last one,
 * and the read lands for the requests after it. A database that stalls must not hold a redirect.
 */
const REFRESH_WAIT_MS = 250;

/** A host as the list keeps it: its key (./hosts.ts), the same for every spelling of an address. */
export const blockedHostOf = hostKeyOf;

/**
 * The blocked host, among `hosts` (keys), that `hostname` is or is under; undefined when none. An
 * address is blocked only as itself: its labels are no domains.
 */
export function blockingHost(hostname: string, hosts: ReadonlySet<string>): string | undefined {
  const address = addressKeyOf(hostname);
  if (address !== undefined) return hosts.has(address) ? address : undefined;
  const labels = blockedHostOf(hostname).split('.');
  for (let i = 0; i < labels.length; i++) {
    const candidate = labels.slice(i).join('.');
    if (hosts.has(candidate)) return candidate;
  }
  return undefined;
}

export class Blocklist {
  private hosts: ReadonlySet<string> = new Set();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;

  constructor(
    /** The blocked hosts as the database holds them now. */
    private readonly read: () => Promise<readonly string[]>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether `link` (normalised) leads to a blocked host, by a list at most TAKEDOWN_REACH_MS old. */
  async blocks(link: string): Promise<boolean> {
    await this.refreshIfDue();
    return blockingHost(new URL(link).hostname, this.hosts) !== undefined;
  }

  /** Whether the list the container goes by holds any host. */
  holdsHosts(): boolean {
    return this.hosts.size > 0;
  }

  /** Whether the next `blocks` reads the list again (a container's first, then once a minute). */
  due(): boolean {
    return this.now() - this.readAt >= TAKEDOWN_REACH_MS;
  }

  /**
   * Reads the list again if it is due, waiting for it at most REFRESH_WAIT_MS; a caller that
   * starts it with a read of its own, before awaiting either, gets both in one request (./dynamodb.ts).
   */
  async refreshIfDue(): Promise<void> {
    if (!this.due()) return;
    this.reading ??= this.read()
      .then((hosts) => {
        this.hosts = new Set(hosts.map(blockedHostOf));
        this.readAt = this.now();
      })
      .catch(() => undefined)
      .finally(() => {
        this.reading = undefined;
      });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.reading, new Promise((late) => (timer = setTimeout(late, REFRESH_WAIT_MS)))]);
    clearTimeout(timer);
  }
}

/**
 * The record under a code as a visitor may follow it, without counting a view: undefined when
 * there is none, `gone` when the operator took it down or its host is blocked (docs/api.md,
 * Takedown). The lookup and the short-link host's HEAD read it alike: when the container's
 * blocked hosts are due, the record goes with them in one request (./dynamodb.ts). A caller that
 * needs the link alone skips the record's view shards.
 */
export async function liveRecord(
  store: ShortUrlStore,
  blocklist: Blocklist,
  code: string,
  shards: 'summed' | 'skipped' = 'summed',
): Promise<ShortUrlRecord | 'gone' | undefined> {
  const [record] = await Promise.all([store.findByCode(code, shards), blocklist.refreshIfDue()]);
  if (record === undefined) return undefined;
  return record.disabled !== undefined || (await blocklist.blocks(record.link)) ? 'gone' : record;
}
