/**
 * Settings from the environment, read and checked once when a function's container starts:
 * a misconfigured function fails at once instead of answering wrongly.
 */
import { ConfigError } from './errors';
import { momentOf } from './iso-time';
import { readSchedule, type Schedule } from './retirement';

export interface Config {
  /** Prefix of every PHP class name; clients of the original service declare `DiggAPI…` classes. */
  readonly phpClassPrefix: string;
  /** Application keys refused with error 1028, compared in their normalised (WHATWG URL) form. */
  readonly deniedAppKeys: ReadonlySet<string>;
  /** When the API was deprecated: the `Deprecation` header of every response. */
  readonly deprecationDate: Date;
  /** When each group of endpoints retires, and its brownouts before (./retirement.ts). */
  readonly schedule: Schedule;
  /** Documentation of the replacement API, sent as a `Link` header when set. */
  readonly deprecationLink: string | undefined;
}

/** The environment settings are read from: process.env, or a test's own. */
export type Env = Readonly<Record<string, string | undefined>>;

// ASCII only: php-serialize measures class names in characters, PHP in bytes.
const PHP_CLASS_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A setting, or `fallback` when it is unset or empty. */
export function setting(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function dateSetting(env: Env, name: string, fallback: string): Date {
  const text = setting(env, name, fallback);
  const moment = momentOf(text);
  if (moment === undefined) throw new ConfigError(`${name} must be an ISO 8601 date such as 2027-06-30, not ${JSON.stringify(text)}`);
  return new Date(moment.at);
}

function normalisedUrl(text: string): string | undefined {
  try {
    return new URL(text).href;
  } catch {
    return undefined;
  }
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
    throw new ConfigError(`PHP_CLASS_PREFIX must be an ASCII PHP identifier, not ${JSON.stringify(phpClassPrefix)}`);
  }

  const deniedAppKeys = new Set<string>();
  for (const key of setting(env, 'DENIED_APP_KEYS', '').split(/\s+/).filter(Boolean)) {
    const normalised = normalisedUrl(key);
    if (normalised === undefined) {
      throw new ConfigError(`DENIED_APP_KEYS holds ${JSON.stringify(key)}, which is not an absolute URI`);
    }
    deniedAppKeys.add(normalised);
  }

  const link = env.DEPRECATION_LINK || undefined;
  const deprecationLink = link === undefined ? undefined : normalisedUrl(link);
  // The link goes into a header between angle brackets: nothing may end either.
  if (link !== undefined && (!/^https?:\/\/./.test(deprecationLink ?? '') || /[\s<>"\u0000-\u001f\u007f]/.test(link))) {
    throw new ConfigError(`DEPRECATION_LINK must be an absolute http(s) URL, not ${JSON.stringify(link)}`);
  }

  return {
    phpClassPrefix,
    deniedAppKeys,
    deprecationDate: dateSetting(env, 'DEPRECATION_DATE', '2026-01-01'),
    schedule: readSchedule(env),
    deprecationLink,
  };
}

export const config: Config = readConfig();
