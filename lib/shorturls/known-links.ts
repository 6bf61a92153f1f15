/**
 * The links a redirect's container remembers, by code: a code's link never changes once made, so
 * a code followed again need not be read again, for at most the takedown reach (./blocklist.ts),
 * after which a takedown must be seen. At most KNOWN_LINKS, the oldest forgotten first.
 */
import { TAKEDOWN_REACH_MS } from './blocklist';
import { Remembered } from './view-writes';

/** How many codes' links a container remembers. */
const KNOWN_LINKS = 1_000;

export class KnownLinks {
  private readonly links = new Remembered<{ readonly link: string; readonly at: number }>(KNOWN_LINKS);

  constructor(private readonly now: () => number = () => Date.now()) {}

  get(code: string): string | undefined {
    const known = this.links.get(code);
    return known !== undefined && this.now() - known.at < TAKEDOWN_REACH_MS ? known.link : undefined;
  }

  remember(code: string, link: string): void {
    this.links.remember(code, { link, at: this.now() });
  }

  forget(code: string): void {
    this.links.delete(code);
  }
}
