/**
 * Settings of the short-URL functions, read and checked when their container starts: a
 * function missing one fails at once.
 */
import { requiredSetting, setting, type Env } from '../config';
import { ConfigError, quoted } from '../api-error';
import { hostKeyOf, type ShortLinkHost } from './hosts';

/** SHORT_URL_HOST: the origin short URLs carry, e.g. https://sho.rt or http://127.0.0.1:3001. */
function readShortUrlHost(env: Env): URL {
  const text = requiredSetting(env, 'SHORT_URL_HOST');
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, '') || !isDnsSized(url.hostname)) {
    throw new ConfigError(
      `SHORT_URL_HOST must be an http(s) origin such as https://sho.rt, its host name ${DNS_SIZED}, not ${quoted(text)}`,
    );
  }
  return url;
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

// DNS's own bounds (RFC 1035): the URL parser takes longer names, which no request can reach.
const DNS_SIZED = 'of at most 253 characters in labels of at most 63';
function isDnsSized(hostName: string): boolean {
  return hostName.length <= 253 && hostName.split('.').every((label) => label.length <= 63);
}

/** An alias as links are compared (./hosts.ts): a name that reads as an address (`010.0.0.1`) is that address. */
function aliasKey(name: string): string | undefined {
  try {
    return hostKeyOf(new URL(`http://${name}/`).hostname);
  } catch {
    return undefined;
  }
}

/**
 * The short-link host: SHORT_URL_HOST, and SHORT_LINK_HOSTS, the other host names it answers at
 * (comma-separated: its API Gateway address, its custom domain), which template.yaml sets.
 */
export function readShortLinkHost(env: Env): ShortLinkHost {
  const aliases = setting(env, 'SHORT_LINK_HOSTS', '')
    .split(',')
    .map((name) => name.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
  const bad = aliases.find((name) => !HOST_NAME.test(name) || !isDnsSized(name));
  const keys = aliases.map(aliasKey);
  const unread = aliases.find((_, i) => keys[i] === undefined);
  if (bad !== undefined || unread !== undefined)
    throw new ConfigError(`SHORT_LINK_HOSTS must be host names ${DNS_SIZED}, separated by commas, not ${quoted((bad ?? unread)!)}`);
  return { origin: readShortUrlHost(env), aliases: new Set(keys as string[]) };
}

/** A whole number from 1 to `most`. */
function countSetting(env: Env, name: string, fallback: number, most: number): number {
  const text = setting(env, name, String(fallback));
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < 1 || value > most) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${most}, not ${quoted(text)}`);
  }
  return value;
}

// An address's window is one DynamoDB item holding a token per creation and a count per app key:
// on DynamoDB Local the 6 714th creation of one window, each under another app key, passed the
// 400 KB an item may hold. 5 000 keep it under three quarters of that.
const MOST_CREATIONS = 5_000;
// A day at the most: a refused client is told to wait up to a window's end (Retry-After).
const LONGEST_WINDOW_SECONDS = 86_400;

export interface RateLimits {
  /** Creations per app key from one client address. */
  readonly perAppKey: number;
  readonly perClientIp: number;
  readonly windowSeconds: number;
}

export function readRateLimits(env: Env): RateLimits {
  return {
    perAppKey: countSetting(env, 'RATE_LIMIT_PER_APP_KEY', 60, MOST_CREATIONS),
    perClientIp: countSetting(env, 'RATE_LIMIT_PER_CLIENT_IP', 120, MOST_CREATIONS),
    windowSeconds: countSetting(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, LONGEST_WINDOW_SECONDS),
  };
}
