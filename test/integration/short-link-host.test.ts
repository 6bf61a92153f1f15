/**
 * A link to the short-link host is 1016 in any spelling (docs/api.md, Short URLs: `url`), so that no
 * short URL redirects to itself: its origin, its API Gateway address and custom domain (SHORT_LINK_HOSTS),
 * and, run locally, every loopback or unspecified address on its port. Other hosts are untouched.
 * A `url` whose percent-escapes are not UTF-8 is refused, never stored with U+FFFD.
 */
import fc from 'fast-check';
import { loadTemplate } from '../../infra/template/read';
import { functionEnvironment } from '../../infra/template/functions';
import { expectError, invokeWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { invoke, withKey } from '../support/invoke';
import { SHORT_URL_HOST } from '../support/short-url-host';
import { isLocal, spell, style } from '../support/host-spellings';

const PORT = new URL(SHORT_URL_HOST).port;
const create = (url: string, type: (typeof TYPES)[number] = 'json') =>
  invoke(withKey(`/url/short/create?url=${encodeURIComponent(url)}&${typeQuery(type)}`));
const createRaw = (query: string) => invoke(withKey(`/url/short/create?${query}&type=json`));

/** The API Gateway address the functions are told, as the template derives it. */
const GATEWAY = functionEnvironment(loadTemplate()).SHORT_LINK_HOSTS!;

/** This machine on the host's port: localhost and loopback or unspecified addresses, in the notations the URL parser reads. */
const LOCAL_HOSTS = `localhost LOCALHOST localhost. a.b.localhost 127.0.0.2 127.255.255.254 0.0.0.0 0 127.1 0x7f.1 0x7f000001 2130706433
  0177.0.0.1 017700000001 [::1] [0:0:0:0:0:0:0:1] [0000:0000::0001] [::] [::ffff:127.0.0.1] [::ffff:7f00:1] [::FFFF:127.9.8.7]
  [::ffff:0.0.0.0] [::127.0.0.1]`.split(/\s+/);
const SPELLINGS = [
  SHORT_URL_HOST,
  `https://127.0.0.1:${PORT}/x`,
  ...LOCAL_HOSTS.map((host) => `http://${host}:${PORT}/`),
  `https://${GATEWAY}/Abc1234`,
  `http://${GATEWAY.toUpperCase()}:8443/`,
  `https://${GATEWAY}./`,
];

describe('the short-link host in any spelling is 1016', () => {
  test.each(SPELLINGS)('%s', async (url) => {
    for (const type of TYPES) expectError(await create(url, type), type, 1016, 403, { detail: 'url' });
  });

  test('the template tells the functions its API Gateway address, and its custom domain when the stack has one (SHORT_LINK_HOSTS)', async () => {
    expect(GATEWAY).toMatch(/^ShortApi\.execute-api\.us-east-1\.amazonaws\.com$/);
    const parameters = { ShortDomainName: 'go.sho.rt', ShortCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' };
    const env = functionEnvironment(loadTemplate(), { parameters });
    expect(env.SHORT_LINK_HOSTS!.split(',')).toEqual([GATEWAY, 'go.sho.rt']);
    for (const url of ['https://go.sho.rt/Abc1234', 'http://GO.SHO.RT./x']) {
      const target = withKey(`/url/short/create?url=${encodeURIComponent(url)}&type=json`);
      expectError(await invokeWithEnv({ SHORT_LINK_HOSTS: env.SHORT_LINK_HOSTS! }, target), 'json', 1016, 403);
    }
  });

  test('random notations of loopback and unspecified addresses on its port: none accepted', async () => {
    // Loopback and unspecified addresses in every notation the rule's spellings write (test/support/host-spellings.ts).
    const octet = fc.integer({ min: 0, max: 255 });
    const local = fc.oneof(
      fc.tuple(fc.constantFrom(127, 0), octet, octet, octet).map((v4) => ({ v4 })),
      fc.constantFrom({ v6: [0, 0, 0, 0, 0, 0, 0, 1] }, { v6: [0, 0, 0, 0, 0, 0, 0, 0] }),
    );
    const ip = fc.tuple(local, style).map(([of, how]) => {
      expect(isLocal(of)).toBe(true);
      return spell(of, how);
    });
    const localhost = fc
      .tuple(fc.constantFrom('localhost', 'LocalHost', 'x.localhost'), fc.boolean())
      .map(([name, dot]) => (dot ? `${name}.` : name));
    await fc.assert(
      fc.asyncProperty(fc.oneof(ip, localhost), fc.constantFrom('http', 'https'), async (host, scheme) => {
        const url = `${scheme}://${host}:${PORT}/loop`;
        expect(new URL(url)).toBeDefined();
        const response = await create(url);
        expect([url, response.statusCode]).toEqual([url, 403]);
        expect(JSON.parse(response.body)).toMatchObject({ code: 1016 });
      }),
      { numRuns: 300 },
    );
  });

  test('other hosts, and this machine on other ports, are links like any other', async () => {
    const others =
      `http://127.0.0.1:${Number(PORT) + 1}/ http://localhost:3000/api http://10.0.0.1:${PORT}/ http://[::ffff:8.8.8.8]:${PORT}/
      http://[2001:db8::1]:${PORT}/ https://example.org/ http://shortapi.execute-api.us-east-2.amazonaws.com/`.split(/\s+/);
    for (const url of others) expect([url, (await create(url)).statusCode]).toEqual([url, 200]);
  });
});

describe('a url whose percent-escapes are not UTF-8 is 1016, never stored with U+FFFD', () => {
  test.each(['caf%E9', 'caf%E8', '%C3%28', '%ED%A0%80', '%F4%90%80%80', '%C0%AF', 'a%FF%FE'])('http://latin.test/%s', async (path) => {
    for (const type of TYPES) {
      const response = await invoke(withKey(`/url/short/create?url=http%3A%2F%2Flatin.test%2F${path}&${typeQuery(type)}`));
      expectError(response, type, 1016, 403, { detail: 'url' });
    }
  });

  test('escaped once more, or raw in the url, the same bytes are a link of their own (the escape is what the link holds)', async () => {
    const escaped = await createRaw(`url=${encodeURIComponent('http://latin.test/caf%E9')}`);
    expect(escaped.statusCode).toBe(200);
    expect(JSON.parse(escaped.body).shorturls[0].link).toBe('http://latin.test/caf%E9');
    const utf8 = await createRaw(`url=http%3A%2F%2Flatin.test%2Fcaf%C3%A9`);
    expect(JSON.parse(utf8.body).shorturls[0].link).toBe('http://latin.test/caf%C3%A9');
  });
});
