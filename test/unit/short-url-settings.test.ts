/**
 * The short-URL functions' settings (lib/shorturls/settings.ts; docs/deploy.md, Settings): each
 * number and name within the range the service carries, taken at its bound and refused one past
 * it, with a message that names the setting and quotes no more than the first 100 characters.
 */
import { ConfigError } from '../../lib/api-error';
import { readRateLimits, readShortLinkHost } from '../../lib/shorturls/settings';
import { refusalOf } from '../support/refusal';

const ORIGIN = { SHORT_URL_HOST: 'https://sho.rt' };

/** The message refusing the settings `read` reads. */
const refusal = (read: () => unknown): string => refusalOf(ConfigError, read);

/** A host name of `length` characters, in labels of `label` characters at most. */
function hostName(length: number, label = 63): string {
  const labels: string[] = [];
  let left = length;
  while (left > 0) {
    const size = Math.min(label, left === label + 1 ? label - 1 : left);
    labels.push('a'.repeat(size));
    left -= size + 1;
  }
  const name = labels.join('.');
  if (name.length !== length) throw new Error(`made a host name of ${name.length} characters, not ${length}`);
  return name;
}

describe('the rate limits', () => {
  test('unset, 60 per app key and 120 per address in 60 s', () => {
    expect(readRateLimits({})).toEqual({ perAppKey: 60, perClientIp: 120, windowSeconds: 60 });
  });

  test.each([
    ['RATE_LIMIT_PER_APP_KEY', 'perAppKey', 5_000],
    ['RATE_LIMIT_PER_CLIENT_IP', 'perClientIp', 5_000],
    ['RATE_LIMIT_WINDOW_SECONDS', 'windowSeconds', 86_400],
  ] as const)('%s: 1 to %s', (name, field, most) => {
    expect([readRateLimits({ [name]: '1' })[field], readRateLimits({ [name]: String(most) })[field]]).toEqual([1, most]);
    for (const text of ['0', String(most + 1), '9'.repeat(99), '1.5', '-1', '1e3', ' 5'])
      expect(refusal(() => readRateLimits({ [name]: text }))).toBe(
        `${name} must be a whole number from 1 to ${most}, not ${JSON.stringify(text)}`,
      );
  });

  test('a long value is quoted by its first 100 characters only', () => {
    const long = '7'.repeat(10_000);
    expect(refusal(() => readRateLimits({ RATE_LIMIT_WINDOW_SECONDS: long }))).toBe(
      `RATE_LIMIT_WINDOW_SECONDS must be a whole number from 1 to 86400, not ${JSON.stringify(long.slice(0, 100))}…`,
    );
  });
});

describe('SHORT_URL_HOST', () => {
  test.each(['https://sho.rt', 'http://127.0.0.1:3001', 'http://[::1]:3001', `https://${hostName(253)}`, `https://${'a'.repeat(63)}.rt`])(
    '%s is an origin',
    (origin) => {
      expect(readShortLinkHost({ SHORT_URL_HOST: origin }).origin.origin).toBe(origin);
    },
  );

  test.each([
    ['a host name of 254 characters', `https://${hostName(254)}`],
    ['a label of 64 characters', `https://${'a'.repeat(64)}.rt`],
    ['a path', 'https://sho.rt/x'],
    ['another scheme', 'ftp://sho.rt'],
  ])('%s is refused, naming the setting', (_name, origin) => {
    expect(refusal(() => readShortLinkHost({ SHORT_URL_HOST: origin }))).toMatch(/^SHORT_URL_HOST must be an http\(s\) origin/);
  });

  test('a long value is quoted by its first 100 characters only', () => {
    const long = `https://${hostName(10_000)}`;
    const message = refusal(() => readShortLinkHost({ SHORT_URL_HOST: long }));
    expect(message).toContain(`${JSON.stringify(long.slice(0, 100))}…`);
    expect(message).not.toContain(long.slice(0, 101));
  });
});

describe('SHORT_LINK_HOSTS', () => {
  test('host names of up to 253 characters, in labels of up to 63, are taken', () => {
    const names = [hostName(253), `${'b'.repeat(63)}.example`];
    expect([...readShortLinkHost({ ...ORIGIN, SHORT_LINK_HOSTS: names.join(',') }).aliases]).toEqual(names);
  });

  const long = `${'b'.repeat(64)}.${hostName(9_935)}`;
  test.each([
    ['a host name of 254 characters', hostName(254), `${JSON.stringify(hostName(254).slice(0, 100))}…`],
    ['a label of 64 characters', `${'b'.repeat(64)}.example`, JSON.stringify(`${'b'.repeat(64)}.example`)],
    ['a name with an underscore', 'a_b.example', '"a_b.example"'],
    ['a name of 10 000 characters', long, `${JSON.stringify(long.slice(0, 100))}…`],
  ])('%s is refused, naming the setting and quoting at most 100 characters', (_name, bad, quote) => {
    expect(refusal(() => readShortLinkHost({ ...ORIGIN, SHORT_LINK_HOSTS: `ok.example,${bad}` }))).toBe(
      `SHORT_LINK_HOSTS must be host names of at most 253 characters in labels of at most 63, separated by commas, not ${quote}`,
    );
  });
});
