/**
 * A link to the short-link host is refused in any spelling (docs/api.md, Short URLs: `url`, 1016),
 * so that no short URL redirects to itself, adding a view at every hop: its configured origin, its
 * API Gateway address (SHORT_LINK_HOSTS, which template.yaml derives from the ShortApi), its custom
 * domain, and — the tests run it locally, at http://127.0.0.1:3001 — every loopback or unspecified
 * address on its port, in every notation. Links to other hosts are untouched. And a `url` whose
 * percent-escapes are not UTF-8 is refused, never stored with U+FFFD.
 */
import fc from 'fast-check';
import { loadTemplate } from '../../infra/template/read';
import { functionEnvironment } from '../../infra/template/functions';
import { expectError, invokeWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { invoke, withKey } from '../support/invoke';
import { SHORT_URL_HOST } from '../support/short-url-host';

const PORT = new URL(SHORT_URL_HOST).port;
const create = (url: string, type: (typeof TYPES)[number] = 'json') =>
  invoke(withKey(`/url/short/create?url=${encodeURIComponent(url)}&${typeQuery(type)}`));
const createRaw = (query: string) => invoke(withKey(`/url/short/create?${query}&type=json`));

/** The API Gateway address the functions are told, as the template derives it. */
const GATEWAY = functionEnvironment(loadTemplate()).SHORT_LINK_HOSTS!;

const SPELLINGS = [
  SHORT_URL_HOST,
  `https://127.0.0.1:${PORT}/x`,
  `http://localhost:${PORT}/`,
  `http://LOCALHOST:${PORT}/`,
  `http://localhost.:${PORT}/`,
  `http://a.b.localhost:${PORT}/`,
  `http://127.0.0.2:${PORT}/`,
  `http://127.255.255.254:${PORT}/`,
  `http://0.0.0.0:${PORT}/`,
  `http://0:${PORT}/`,
  `http://127.1:${PORT}/`,
  `http://0x7f.1:${PORT}/`,
  `http://0x7f000001:${PORT}/`,
  `http://2130706433:${PORT}/`,
  `http://0177.0.0.1:${PORT}/`,
  `http://017700000001:${PORT}/`,
  `http://[::1]:${PORT}/`,
  `http://[0:0:0:0:0:0:0:1]:${PORT}/`,
  `http://[0000:0000::0001]:${PORT}/`,
  `http://[::]:${PORT}/`,
  `http://[::ffff:127.0.0.1]:${PORT}/`,
  `http://[::ffff:7f00:1]:${PORT}/`,
  `http://[::FFFF:127.9.8.7]:${PORT}/`,
  `http://[::ffff:0.0.0.0]:${PORT}/`,
  `http://[::127.0.0.1]:${PORT}/`,
  `https://${GATEWAY}/Abc1234`,
  `http://${GATEWAY.toUpperCase()}:8443/`,
  `https://${GATEWAY}./`,
];

describe('the short-link host in any spelling is 1016', () => {
  test('the template tells the functions its API Gateway address', () => {
    expect(GATEWAY).toMatch(/^ShortApi\.execute-api\.us-east-1\.amazonaws\.com$/);
  });

  test.each(SPELLINGS)('%s', async (url) => {
    for (const type of TYPES) expectError(await create(url, type), type, 1016, 403, { detail: 'url' });
  });

  test('its custom domain, when the stack has one (SHORT_LINK_HOSTS as the template makes it)', async () => {
    const env = functionEnvironment(loadTemplate(), {
      parameters: { ShortDomainName: 'go.sho.rt', ShortCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' },
    });
    expect(env.SHORT_LINK_HOSTS!.split(',')).toEqual([GATEWAY, 'go.sho.rt']);
    for (const url of ['https://go.sho.rt/Abc1234', 'http://GO.SHO.RT./x']) {
      expectError(
        await invokeWithEnv(
          { SHORT_LINK_HOSTS: env.SHORT_LINK_HOSTS! },
          withKey(`/url/short/create?url=${encodeURIComponent(url)}&type=json`),
        ),
        'json',
        1016,
        403,
      );
    }
  });

  test('random notations of loopback and unspecified addresses on its port: none accepted', async () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const number = (value: number, radix: 8 | 10 | 16) =>
      radix === 16 ? `0x${value.toString(16)}` : radix === 8 ? `0${value.toString(8)}` : String(value);
    const radix = fc.constantFrom<8 | 10 | 16>(8, 10, 16);
    const ipv4 = fc.tuple(fc.constantFrom(127, 0), octet, octet, octet, radix, fc.nat(3)).map(([a, b, c, d, r, form]) => {
      // Dotted, and the shortened forms the URL parser also reads: a.b.cd, a.bcd, abcd.
      if (form === 0) return [a, b, c, d].map((x) => number(x, r)).join('.');
      if (form === 1) return [number(a, r), number(b, r), number((c << 8) | d, r)].join('.');
      if (form === 2) return [number(a, r), number((b << 16) | (c << 8) | d, r)].join('.');
      return number(((a << 24) >>> 0) + ((b << 16) | (c << 8) | d), r);
    });
    const hextet = (value: number, pad: boolean, upper: boolean) => {
      const hex = value.toString(16).padStart(pad ? 4 : 1, '0');
      return upper ? hex.toUpperCase() : hex;
    };
    const ipv6 = fc
      .tuple(
        fc.constantFrom('loopback', 'unspecified', 'mapped', 'compatible'),
        octet,
        octet,
        octet,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(127, 0),
      )
      .map(([kind, b, c, d, pad, upper, dotted, a]) => {
        const last = kind === 'loopback' ? [0, 1] : kind === 'unspecified' ? [0, 0] : [(a << 8) | b, (c << 8) | d];
        const groups = [0, 0, 0, 0, 0, kind === 'mapped' ? 0xffff : 0, ...last].map((g) => hextet(g, pad, upper));
        if (dotted && (kind === 'mapped' || kind === 'compatible')) groups.splice(6, 2, `${a}.${b}.${c}.${d}`);
        const full = groups.join(':');
        // Sometimes the zeros compressed, as people and tools write them.
        return `[${pad ? full : full.replace(/^(0:)+/, '::').replace(/^::0:/, '::')}]`;
      });
    const localhost = fc
      .tuple(fc.constantFrom('localhost', 'LocalHost', 'x.localhost'), fc.boolean())
      .map(([name, dot]) => (dot ? `${name}.` : name));
    await fc.assert(
      fc.asyncProperty(fc.oneof(ipv4, ipv6, localhost), fc.constantFrom('http', 'https'), async (host, scheme) => {
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
    for (const url of [
      `http://127.0.0.1:${Number(PORT) + 1}/`,
      `http://localhost:3000/api`,
      `http://10.0.0.1:${PORT}/`,
      `http://[::ffff:8.8.8.8]:${PORT}/`,
      `http://[2001:db8::1]:${PORT}/`,
      'https://example.org/',
      `http://shortapi.execute-api.us-east-2.amazonaws.com/`,
    ]) {
      expect([url, (await create(url)).statusCode]).toEqual([url, 200]);
    }
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
