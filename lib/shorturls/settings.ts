/**
 * Settings of the short-URL functions, read and checked when their container starts: a
 * function missing one fails at once.
 */
import { requiredSetting, setting, type Env } from '../config';
import { ConfigError } from '../errors';
import type { RateLimits } from './rate-limit';
import type { ShortLinkHost } from './short-host';

/** SHORT_URL_HOST: the origin short URLs carry, e.g. https://sho.rt or http://127.0.0.1:3001. */
export function readShortUrlHost(env: Env): URL {
  const text = requiredSetting(env, 'SHORT_URL_HOST');
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, '')) {
    throw new ConfigError(`SHORT_URL_HOST must be an http(s) origin such as https://sho.rt, not ${JSON.stringify(text)}`);
  }
  return url;
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The short-link host: SHORT_URL_HOST, and SHORT_LINK_HOSTS, the other host names it answers at
 * (comma-separated: its API Gateway address, its custom domain), which template.yaml sets.
 */
export function readShortLinkHost(env: Env): ShortLinkHost {
  const aliases = setting(env, 'SHORT_LINK_HOSTS', '')
    .split(',')
    .map((name) => name.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
  const bad = aliases.find((name) => !HOST_NAME.test(name));
  if (bad !== undefined) throw new ConfigError(`SHORT_LINK_HOSTS must be host names separated by commas, not ${JSON.stringify(bad)}`);
  return { origin: readShortUrlHost(env), aliases: new Set(aliases) };
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const text = setting(env, name, String(fallback));
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new ConfigError(`${name} must be a positive whole number, not ${JSON.stringify(text)}`);
  }
  return value;
}

export function readRateLimits(env: Env): RateLimits {
  return {
    perAppKey: positiveInteger(env, 'RATE_LIMIT_PER_APP_KEY', 60),
    perClientIp: positiveInteger(env, 'RATE_LIMIT_PER_CLIENT_IP', 120),
    windowSeconds: positiveInteger(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
  };
}
