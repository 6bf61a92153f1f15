/**
 * The self-link check through normaliseLink (docs/api.md, Short URLs: `url`): the short-link host's
 * address in any spelling and port is 1016, and when local, every loopback or unspecified address and
 * localhost on its port. Which is which comes from the rule in test/support/host-spellings.ts.
 */
import fc from 'fast-check';
import { ApiError } from '../../lib/api-error';
import { normaliseLink } from '../../lib/shorturls/link';
import { readShortLinkHost } from '../../lib/shorturls/settings';
import { type Address, address, isLocal, keyOf, spell, style } from '../support/host-spellings';

const scheme = fc.constantFrom('http', 'https');
const port = fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined });
const portOf = (on: number | undefined, protocol: string) => on ?? (protocol === 'https' ? 443 : 80);
const urlOf = (protocol: string, host: string, on: number | undefined) => `${protocol}://${host}${on === undefined ? '' : `:${on}`}`;

/** Whether normaliseLink refuses the link (1016) or takes it. */
function refused(link: string, origin: string): boolean {
  try {
    normaliseLink(link, { origin: new URL(origin), aliases: new Set() });
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(1016);
    return true;
  }
}

/** An address spelt some way: whether it is this machine, and its key. */
const spelt = (of: Address, how: Parameters<typeof spell>[1]) => ({ text: spell(of, how), local: isLocal(of), key: keyOf(of) });
/** A host of a link or an origin: an address spelt some way, or a name; whether it is this machine, and its key. */
const host = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(address, style).map(([of, how]) => spelt(of, how)) },
  fc.constantFrom('localhost', 'LocalHost.', 'a.localhost').map((text) => ({ text, local: true, key: 'localhost' })),
  fc.constantFrom('example.org', 'localhost.example').map((text) => ({ text, local: false, key: text })),
);

test('a link to the short-link host is refused in every spelling, any other is taken', () => {
  const pair = fc.oneof(
    fc.tuple(host, host),
    // The same address twice, spelt two ways: the link leads to the origin's host.
    fc.tuple(address, style, style).map(([of, a, b]) => [spelt(of, a), spelt(of, b)]),
  );
  const equalPorts = port.map((on) => [on, on] as const);
  const ports = fc.oneof(fc.tuple(port, port), equalPorts);
  fc.assert(
    fc.property(pair, ports, scheme, scheme, ([origin, link], [originPort, linkPort], originScheme, linkScheme) => {
      const originUrl = urlOf(originScheme, origin!.text, originPort);
      const linkUrl = `${urlOf(linkScheme, link!.text, linkPort)}/x`;
      const samePort = portOf(originPort, originScheme) === portOf(linkPort, linkScheme);
      const expected = origin!.local ? link!.local && samePort : link!.key === origin!.key;
      expect([originUrl, linkUrl, refused(linkUrl, originUrl)]).toEqual([originUrl, linkUrl, expected]);
    }),
    { numRuns: 3_000 },
  );
});

test.each([
  ['http://[2001:db8::5]:8080', 'https://[2001:0DB8:0:0:0:0:0:5]/x', true],
  ['https://203.0.113.5', 'http://[::ffff:cb00:7105]:8443/', true],
  ['https://203.0.113.5', 'http://[64:ff9b::203.0.113.5]/', true],
  ['http://127.0.0.1:3001', 'http://[::ffff:127.1.2.3]:3001/', true],
  ['http://[::1]:3001', 'http://0x7f000001:3001/', true],
  ['http://localhost:3001', 'http://[::]:3001/', true],
  ['http://127.0.0.1:3001', 'http://[::1]:3002/', false],
  ['https://203.0.113.5', 'http://[::ffff:cb00:7106]/', false],
  ['http://[2001:db8::5]', 'http://[2001:db8::5:0]/', false],
])('origin %s, link %s: refused %s', (origin, link, expected) => {
  expect(refused(link, origin)).toBe(expected);
});

test('an alias that reads as an address (SHORT_LINK_HOSTS=010.0.0.1) is that address: 8.0.0.1 in any spelling is the host', () => {
  const host = readShortLinkHost({ SHORT_URL_HOST: 'https://sho.rt', SHORT_LINK_HOSTS: '010.0.0.1, Api.Example.' });
  for (const link of ['http://8.0.0.1/x', 'http://010.0.0.1:81/x', 'http://[::ffff:8.0.0.1]/x', 'https://api.example/x'])
    expect(() => normaliseLink(link, host)).toThrow(ApiError);
  expect(normaliseLink('http://10.0.0.1/x', host)).toBe('http://10.0.0.1/x');
  expect(() => readShortLinkHost({ SHORT_URL_HOST: 'https://sho.rt', SHORT_LINK_HOSTS: 'api.123' })).toThrow(
    /^SHORT_LINK_HOSTS must be host names/,
  );
});
