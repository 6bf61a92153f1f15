/**
 * Settings from the environment, read and checked once when a function's container starts:
 * a misconfigured function fails at once instead of answering wrongly.
 */
import { ConfigError, quoted } from './api-error';
import { momentSetting, readSchedule, type Schedule } from './retirement-schedule';

export interface Config {
  /** Prefix of every PHP class name; clients of the original service declare `DiggAPI…` classes. */
  readonly phpClassPrefix: string;
  /** Application keys refused with error 1028, compared in their normalised (WHATWG URL) form. */
  readonly deniedAppKeys: ReadonlySet<string>;
  /** When the API was deprecated: the `Deprecation` header of every response. */
  readonly deprecationDate: Date;
  /** When each group of endpoints retires, and its brownouts before (./retirement-schedule.ts). */
  readonly schedule: Schedule;
  /** Documentation of the replacement API, sent as a `Link` header when set. */
  readonly deprecationLink: string | undefined;
}

/** The environment settings are read from: process.env, or a test's own. */
export type Env = Readonly<Record<string, string | undefined>>;

// ASCII only: php-serialize measures class names in characters, PHP in bytes. Every object of a
// PHP body spells its class name: at most 64 characters of prefix keep bodies their size.
const PHP_CLASS_PREFIX = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** The longest app key a request may give (docs/api.md: `appkey`); DENIED_APP_KEYS holds none longer. */
export const APP_KEY_MAX_LENGTH = 2048;
// As long as an app key, or a link a short URL leads to.
const MAX_LINK = APP_KEY_MAX_LENGTH;

/** A setting, or `fallback` when it is unset or empty. */
export function setting(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function normalisedUrl(text: string): string | undefined {
  try {
    return new URL(text).href;
  } catch {
    return undefined;
  }
}

/**
 * DEPRECATION_LINK as the `Link` header sends it, normalised: an http(s) URL of at most 2048
 * characters, as set and as sent, with nothing that would end the header or its angle brackets.
 */
function sendableLink(text: string): string | undefined {
  const href = text.length > MAX_LINK || /[\s<>"\u0000-\u001f\u007f]/.test(text) ? undefined : normalisedUrl(text);
  return href !== undefined && /^https?:\/\/./.test(href) && href.length <= MAX_LINK ? href : undefined;
}

/** A setting a function cannot start without, such as a table name. */
export function requiredSetting(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new ConfigError(`${name} must be set`);
  return value;
}

export function readConfig(env: Env = process.env): Config {
  const phpClassPrefix = setting(env, 'PHP_CLASS_PREFIX', 'ServiceAPI');
  if (!PHP_CLASS_PREFIX.test(phpClassPrefix)) {
    throw new ConfigError(`PHP_CLASS_PREFIX must be an ASCII PHP identifier of at most 64 characters, not ${quoted(phpClassPrefix)}`);
  }

  const deniedAppKeys = new Set<string>();
  for (const key of setting(env, 'DENIED_APP_KEYS', '').split(/\s+/).filter(Boolean)) {
    const normalised = key.length > APP_KEY_MAX_LENGTH ? undefined : normalisedUrl(key);
    if (normalised === undefined) {
      throw new ConfigError(`DENIED_APP_KEYS holds ${quoted(key)}, which is not an absolute URI of at most 2048 characters`);
    }
    deniedAppKeys.add(normalised);
  }

  const link = env.DEPRECATION_LINK || undefined;
  const deprecationLink = link === undefined ? undefined : sendableLink(link);
  if (link !== undefined && deprecationLink === undefined) {
    throw new ConfigError(`DEPRECATION_LINK must be an absolute http(s) URL of at most 2048 characters, not ${quoted(link)}`);
  }

  return {
    phpClassPrefix,
    deniedAppKeys,
    deprecationDate: new Date(momentSetting('DEPRECATION_DATE', setting(env, 'DEPRECATION_DATE', '2026-01-01')).at),
    schedule: readSchedule(env),
    deprecationLink,
  };
}

export const config: Config = readConfig();

/**
 * What every answer says of the API's deprecation (docs/api.md, Headers), the short-link
 * host's included: `Deprecation` (RFC 9745) and, when configured, a `Link` to the replacement.
 */
export function deprecationHeaders(config: Config): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(config.deprecationDate.getTime() / 1000)}`,
    ...(config.deprecationLink ? { Link: `<${config.deprecationLink}>; rel="deprecation"; type="text/html"` } : {}),
  };
}
