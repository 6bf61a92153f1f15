/**
 * The links creation takes (docs/api.md, Short URLs: `url`), through the real handlers and DynamoDB
 * Local: what is refused with 1016 in every type and stores nothing, the bound of 2048 characters,
 * the short host under every spelling, and the WHATWG serialisation every spelling of a link shares.
 */
import { randomUUID } from 'node:crypto';
import { expectError, TYPES } from '../support/expect-error';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';
import { created, createWith, loadCreate, looked, newClient, create, storedFor, uniqueLink } from '../support/short-url-requests';

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

describe('Short URLs: `url`', () => {
  const longLink = (length: number): string => {
    const base = uniqueLink('/');
    return base + 'a'.repeat(length - base.length);
  };
  const spacedLink = (): string => {
    const base = uniqueLink('/');
    return `${base} ${'a'.repeat(2048 - base.length - 1)}`;
  };
  const INVALID: ReadonlyArray<readonly [string, string | undefined]> = [
    ['missing', undefined],
    ['empty', ''],
    ['relative', '/news/story'],
    ['scheme-relative', '//news.test/story'],
    ['without a scheme', 'news.test/story'],
    ['ftp:', 'ftp://news.test/file'],
    ['javascript:', 'javascript:alert(1)'],
    ['mailto:', 'mailto:someone@news.test'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['credentials', 'https://user:pw@x.org/'],
    ['a user name', 'https://user@x.org/'],
    ['a password only', 'https://:pw@x.org/'],
    ['2049 characters', longLink(2049)],
    ['2048 characters, but 2050 once normalised (a space becomes %20)', spacedLink()],
    ['the short host itself', `${SHORT_URL_HOST}/abc`],
    ['the short host, upper case scheme', `HTTP://127.0.0.1:3001/AbC1234`],
    ['the short host, https', 'https://127.0.0.1:3001/AbC1234'],
    ['the short host, its address in hex', 'http://0x7f.0.0.1:3001/abc'],
    ['the short host, a trailing dot', 'http://127.0.0.1.:3001/abc'],
    ['no host', 'http://'],
    ['a bad port', 'http://news.test:99999/'],
    ['a bad host', 'http://exa mple.org/'],
  ];

  test('2048-character links are accepted, as the bound says (the limit is not off by one)', async () => {
    const link = longLink(2048);
    expect(link).toHaveLength(2048);
    expect((await created(link)).link).toBe(link);
  });

  test('the 2049-character case above really is one character over', () => {
    expect(INVALID.find(([name]) => name === '2049 characters')![1]).toHaveLength(2049);
    const spaced = INVALID.find(([name]) => name.startsWith('2048 characters, but'))![1]!;
    expect(spaced).toHaveLength(2048);
    expect(new URL(spaced).href.length).toBeGreaterThan(2048);
  });

  test.each(INVALID)('%s: 1016 with HTTP 403 in all four types, and nothing is stored', async (_name, url) => {
    for (const type of TYPES) expectError(await create(url, { type }), type, 1016, 403);
    if (url !== undefined && URL.canParse(url)) expect(await storedFor(new URL(url).href)).toBeUndefined();
  });

  // A fully qualified name with its trailing dot (`sho.rt.`) is the same host to DNS; comparing
  // `url.host` strings let it through (fixed in lib/shorturls/link.ts, ef5c26c).
  test('the short host is refused under every spelling of its name (a domain name short host)', async () => {
    const handler = await loadCreate({ SHORT_URL_HOST: 'https://sho.rt' });
    const client = newClient();
    const id = randomUUID();
    const spellings =
      'https://sho.rt/Ab3dE9z HTTPS://SHO.RT/Ab3dE9z http://sho.rt/x https://sho.rt:443/x https://sho.rt./Ab3dE9z https://SHO.RT./x';
    for (const url of spellings.split(' ')) expectError(await createWith(handler, `${url}?${id}`, client), 'json', 1016, 403);
  });

  // ID stands for a UUID of the test's own.
  test.each([
    ['an international domain name', 'https://BÜCHER.example/ID', 'https://xn--bcher-kva.example/ID'],
    ['the default http port and a dot segment', 'http://News.Test:80/ID/./x', 'http://news.test/ID/x'],
    ['spaces and markup in the path and query', 'https://news.test/ID/a b<c>?q="x y"', 'https://news.test/ID/a%20b%3Cc%3E?q=%22x%20y%22'],
    ['surrounding blanks and a tab inside', '  https://news.test/ID/a\tb  ', 'https://news.test/ID/ab'],
    ['an IPv4 address in decimal', 'http://3232235777:8080/ID', 'http://192.168.1.1:8080/ID'],
  ])('normalised: %s', async (_name, raw, normal) => {
    const id = randomUUID();
    expect((await created(raw.replace('ID', id))).link).toBe(normal.replace('ID', id));
  });

  test('a link is stored and answered in its WHATWG serialisation; its other spellings give the same record, other links do not', async () => {
    const id = randomUUID();
    const first = await created(`HTTPS://Example.ORG:443/${id}/a/../b?x#y`);
    const normal = `https://example.org/${id}/b?x#y`;
    expect(first.link).toBe(normal);
    expect(await storedFor(normal)).toMatchObject({ link: normal, itemid: first.itemid, code: codeOf(first.short_url) });
    expect((await looked(codeOf(first.short_url))).link).toBe(normal);
    const second = await created(`https://example.org/${id}/b?x#y`);
    const third = await created(`https://EXAMPLE.org/${id}/c/../b?x#y`);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    // A different scheme, query or fragment is a different link.
    for (const other of [
      `http://example.org/${id}/b?x#y`,
      ...['b?X#y', 'b?x#z', 'b?x'].map((tail) => `https://example.org/${id}/${tail}`),
    ]) {
      const record = await created(other);
      expect(record.itemid).not.toBe(first.itemid);
      expect(record.short_url).not.toBe(first.short_url);
    }
  });
});
