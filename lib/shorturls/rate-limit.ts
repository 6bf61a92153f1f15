import { createHash } from 'node:crypto';
import { ApiError } from '../errors';
import type { RateLimitStore } from './store';

export interface RateLimits {
  readonly perAppKey: number;
  readonly perClientIp: number;
  readonly windowSeconds: number;
}

/**
 * Short URL creations per app key and per client IP in fixed windows (decisions.md, Rate
 * limit). Each window is one conditional atomic counter, so concurrent requests never pass
 * the limit. Over it: error 403 with HTTP 503 and `Retry-After` (the rest of the window).
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: RateLimits,
    /** Told of every refusal (for a count); the refusal is thrown all the same. */
    private readonly onRefused: () => void = () => {},
  ) {}

  async admit(appKey: string, clientIp: string, now: number): Promise<void> {
    const { perAppKey, perClientIp, windowSeconds } = this.limits;
    const windowStart = now - (now % windowSeconds);
    const expiresAt = windowStart + windowSeconds;
    const tooMany = (what: string, limit: number) => {
      this.onRefused();
      return new ApiError(403, `${what} (at most ${limit} short URLs per ${windowSeconds} s)`, {
        status: 503,
        headers: { 'Retry-After': String(Math.max(1, expiresAt - now)) },
      });
    };
    // App keys may be 2048 characters long, more than a DynamoDB key takes: count by hash.
    const keyWindow = `appkey#${createHash('sha256').update(appKey).digest('base64url')}#${windowStart}`;
    const ipWindow = `ip#${clientIp}#${windowStart}`;
    if (!(await this.store.take(keyWindow, perAppKey, expiresAt))) throw tooMany('appkey', perAppKey);
    if (!(await this.store.take(ipWindow, perClientIp, expiresAt))) {
      // Refused for the address: the key's count must not keep a creation that did not happen.
      await this.store.giveBack(keyWindow);
      throw tooMany('client address', perClientIp);
    }
    // When counting the address fails instead, the key keeps its count: giving it back would
    // wait a second time on a database that has just failed (up to three attempts of 2 s each),
    // and push the answer past the functions' 10 s timeout.
  }
}
