import { createHash } from 'node:crypto';
import { ApiError } from '../api-error';
import type { RateLimitStore } from './store';

export interface RateLimits {
  /** Creations per app key from one client address. */
  readonly perAppKey: number;
  readonly perClientIp: number;
  readonly windowSeconds: number;
}

/**
 * How long giving a place back may take. It follows a failure, often the database's own: waiting
 * the SDK's full retries again (up to three attempts of 2 s) would double a hung database's
 * answer time; past this, the place stays taken to the end of its window.
 */
const RELEASE_TIMEOUT_MS = 1_000;

/** A creation let through: `release` gives its place back when the creation then fails. */
export interface Admission {
  release(): Promise<void>;
}

/**
 * The app key as counted: app keys are public, so the limit per key only shares a client's own
 * budget among the applications it names, and respelling one's key (a fragment, an empty query,
 * a host's final dot, another case) must not make another.
 */
function countedKey(appKey: string): string {
  const url = new URL(appKey);
  url.hash = '';
  // An empty query reads as '' but serialises as '?': setting it drops the '?'.
  if (url.search === '') url.search = '';
  url.hostname = url.hostname.replace(/\.$/, '');
  return createHash('sha256').update(url.href).digest('base64url');
}

/**
 * Short URL creations per client address, and per app key from one address, in fixed windows
 * (docs/api.md, Rate limit): there is no limit per app key alone, so no caller can spend
 * another's budget. Both counts of an address's window live on one item, taken by one
 * conditional update: concurrent requests never pass a limit, a refusal counts nothing, and a
 * creation counts at most once, whatever its retries, and is given back when it fails.
 * Over a limit: error 403 with HTTP 503 and `Retry-After` (the rest of the window).
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: RateLimits,
    /** Told of every refusal (for a count); the refusal is thrown all the same. */
    private readonly onRefused: () => void = () => {},
  ) {}

  /**
   * Takes a place for creation `request` (its request id), or refuses it. A take that fails
   * (it may still land: a database that stalls answers late) is given back before the failure
   * is thrown, as far as the database lets it.
   */
  async admit(appKey: string, clientIp: string, now: number, request: string): Promise<Admission> {
    const { perAppKey, perClientIp, windowSeconds } = this.limits;
    const windowStart = now - (now % windowSeconds);
    const expiresAt = windowStart + windowSeconds;
    const window = { address: `ip#${clientIp}#${windowStart}`, key: countedKey(appKey) };
    const release = () => this.store.giveBack(window, request, AbortSignal.timeout(RELEASE_TIMEOUT_MS));
    let outcome: Awaited<ReturnType<RateLimitStore['take']>>;
    try {
      outcome = await this.store.take(window, request, { address: perClientIp, key: perAppKey }, expiresAt);
    } catch (error) {
      await release().catch(() => undefined);
      throw error;
    }
    if (outcome !== 'taken') {
      this.onRefused();
      const [what, limit] = outcome === 'address' ? ['client address', perClientIp] : ['appkey from this client address', perAppKey];
      throw new ApiError(403, `${what} (at most ${limit} short URLs per ${windowSeconds} s)`, {
        status: 503,
        headers: { 'Retry-After': String(Math.max(1, expiresAt - now)) },
      });
    }
    return { release };
  }
}
