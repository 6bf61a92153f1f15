/**
 * Hosts compared as addresses (docs/shorturls.md, Blocked hosts): every spelling of an address, in a
 * link or typed by the operator, has the key the rule gives it (test/support/host-spellings.ts);
 * a blocked name blocks itself and its subdomains.
 */
import fc from 'fast-check';
import { hostOf } from '../../infra/ops/shorturls/blocks';
import { TakedownRefused } from '../../infra/ops/shorturls/table';
import { blockingHost } from '../../lib/shorturls/blocklist';
import { hostKeyOf } from '../../lib/shorturls/hosts';
import { address, keyOf, spell, style } from '../support/host-spellings';

const port = fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined });
/** The host of a link to `host`, as the URL parser writes it, with or without a port. */
const linkHost = (host: string, on: number | undefined) => new URL(`http://${host}${on === undefined ? '' : `:${on}`}/x`).hostname;
/** As the operator may type it: IPv6 bare or bracketed. */
const typed = (spelling: string, bare: boolean) => (bare ? spelling.replace(/^\[(.*)\]$/, '$1') : spelling);

test.each([
  ['10.1.2.3', '10.1.2.3'],
  ['[::ffff:a01:203]', '10.1.2.3'],
  ['[::a01:203]', '10.1.2.3'],
  ['[64:ff9b::a01:203]', '10.1.2.3'],
  ['::FFFF:10.1.2.3', '10.1.2.3'],
  ['[::]', '[::]'],
  ['0:0:0:0:0:0:0:1', '[::1]'],
  ['[::2]', '0.0.0.2'],
  ['2001:0DB8:0000:0000:0000:0000:0000:0001', '[2001:db8::1]'],
  ['[2001:db8:0:0:1:0:0:1]', '[2001:db8::1:0:0:1]'],
  ['[::ffff:0:a01:203]', '[::ffff:0:a01:203]'],
  ['[64:ff9b:1::a01:203]', '[64:ff9b:1::a01:203]'],
  ['WWW.Example.ORG.', 'www.example.org'],
])('the key of %s is %s', (host, key) => {
  expect(hostKeyOf(host)).toBe(key);
});

test('every spelling of an address, in a link or typed, has the key the rule gives it', () => {
  fc.assert(
    fc.property(address, style, port, fc.boolean(), (of, how, on, bare) => {
      const spelling = spell(of, how);
      expect([spelling, hostKeyOf(linkHost(spelling, on))]).toEqual([spelling, keyOf(of)]);
      expect([spelling, hostOf(typed(spelling, bare))]).toEqual([spelling, keyOf(of)]);
      if (spelling.startsWith('[')) expect([spelling, hostKeyOf(typed(spelling, bare))]).toEqual([spelling, keyOf(of)]);
    }),
    { numRuns: 2_000 },
  );
});

test('a blocked address is blocked in every spelling of a link, and another address is not', () => {
  fc.assert(
    fc.property(address, address, style, style, port, fc.boolean(), (of, other, asTyped, inLink, on, bare) => {
      const blocked = new Set([hostOf(typed(spell(of, asTyped), bare))]);
      const link = linkHost(spell(of, inLink), on);
      expect([link, blockingHost(link, blocked)]).toEqual([link, keyOf(of)]);
      const elsewhere = linkHost(spell(other, inLink), on);
      expect([elsewhere, blockingHost(elsewhere, blocked)]).toEqual([elsewhere, keyOf(other) === keyOf(of) ? keyOf(of) : undefined]);
    }),
    { numRuns: 2_000 },
  );
});

test('an address is blocked only as itself: its labels are no domains', () => {
  expect(blockingHost('10.1.2.3', new Set(['1.2.3', '2.3', '3']))).toBeUndefined();
  expect(blockingHost('[::ffff:a01:203]', new Set(['1.2.3']))).toBeUndefined();
});

const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/).filter((l) => !l.startsWith('xn--'));
const name = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => `${labels.join('.')}.test`);
const spelt = (host: string, upper: boolean[], dot: boolean) =>
  [...host].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('') + (dot ? '.' : '');
const subdomains = fc.array(label, { maxLength: 2 });
const shape = fc.tuple(fc.array(fc.boolean(), { minLength: 1 }), fc.boolean());

test('a blocked name blocks itself and its subdomains, in any case and with a final dot, and nothing else', () => {
  fc.assert(
    fc.property(name, subdomains, shape, shape, port, (host, sub, [typedCase, typedDot], [linkCase, linkDot], on) => {
      const blocked = new Set([hostOf(spelt(host, typedCase, typedDot))]);
      expect(blocked).toEqual(new Set([host]));
      const under = linkHost(spelt([...sub, host].join('.'), linkCase, linkDot), on);
      expect(blockingHost(under, blocked)).toBe(host);
      for (const near of [`x${host}`, host.slice(host.indexOf('.') + 1), `${host}.org`])
        expect([near, blockingHost(linkHost(near, on), blocked)]).toEqual([near, undefined]);
    }),
    { numRuns: 500 },
  );
});

// Not a host alone: a URL, a path, a port, a user, a range or a zone, or no address at all.
test.each([
  '',
  ...`http://x.test/ x.test/path x.test:80 10.1.2.3:80 user@x.test [::1]:80 user@[::1] [2001:db8::1]/x 2001:db8::/32 fe80::1%eth0
    [::1 2001:db8::1::2 ::: [10.1.2.3]`.split(/\s+/),
])('the operator giving %j is refused', (text) => {
  expect(() => hostOf(text)).toThrow(TakedownRefused);
});
