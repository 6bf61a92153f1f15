/**
 * A takedown holds for the link, not its spelling (docs/api.md, Short URLs: Takedown): spellings that
 * differ as the rule allows (written here from the rule, not from lib/) are refused or answer 410
 * once one is disabled; another path or query is not touched.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { TakedownRefused } from '../../infra/ops/shorturls/table';
import { disable, enable } from '../../infra/ops/shorturls/takedown';
import { documentClient } from '../../lib/db/client';
import { expectError } from '../support/expect-error';
import { type Address, address, spell, style } from '../support/host-spellings';
import { freshAddress } from '../support/fresh-address';
import { invoke, invokeShortLink } from '../support/invoke';
import { codeOf } from '../support/short-url-host';

jest.setTimeout(300_000);

const SHARED = { documents: documentClient, table: process.env.SHORT_URLS_TABLE! };
const KEY = `appkey=${encodeURIComponent('http://same-link.test/')}`;
const BY = { at: 1_795_000_000, by: 'the test' };

const create = (link: string) => invoke(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: freshAddress() });
async function shorten(link: string): Promise<string> {
  const answer = await create(link);
  expect([link, answer.statusCode]).toEqual([link, 200]);
  return codeOf(JSON.parse(answer.body).shorturls[0].short_url);
}

/** A link as its parts: what every spelling of it shares. */
interface Link {
  readonly scheme: 'http' | 'https';
  readonly host: { readonly name: string } | { readonly address: Address };
  readonly port?: number;
  readonly path: readonly string[];
  readonly query?: readonly (readonly [string, string])[];
}

const UNRESERVED = /^[A-Za-z0-9._~-]$/;
const text = fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/).filter((part) => part !== '.' && part !== '..');
const link: fc.Arbitrary<Link> = fc.record(
  {
    scheme: fc.constantFrom('http', 'https'),
    host: fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/).map((label) => ({ name: `${label}.same-link.test` })),
      // Not this machine: the short-link host answers at every loopback address on its port.
      address.filter((a) => !('v4' in a && (a.v4[0] === 127 || a.v4[0] === 0))).map((a) => ({ address: a })),
    ),
    port: fc.integer({ min: 1_024, max: 65_535 }).filter((port) => port !== 3001),
    path: fc.array(text, { minLength: 1, maxLength: 4 }),
    query: fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['scheme', 'host', 'path'] },
);

/** How a spelling writes a link: each choice applied where the link allows it. */
const spelling = fc.record({
  upperScheme: fc.boolean(),
  hostCase: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
  trailingDot: fc.boolean(),
  addressStyle: style,
  defaultPort: fc.boolean(),
  escapes: fc.array(fc.constantFrom('none', 'lower', 'upper'), { minLength: 64, maxLength: 64 }),
  emptyQuery: fc.boolean(),
  fragment: fc.option(fc.stringMatching(/^[A-Za-z0-9/?=-]{0,8}$/), { nil: undefined }),
});
type Spelling = typeof spelling extends fc.Arbitrary<infer S> ? S : never;

/** The link written one way: every choice keeps it the same link by the rule. */
function written(of: Link, how: Spelling): string {
  let at = 0;
  const escaped = (part: string) =>
    [...part]
      .map((char) => {
        const choice = how.escapes[at++ % how.escapes.length];
        if (!UNRESERVED.test(char) || choice === 'none') return char;
        const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
        return `%${choice === 'upper' ? hex.toUpperCase() : hex.toLowerCase()}`;
      })
      .join('');
  const scheme = how.upperScheme ? of.scheme.toUpperCase() : of.scheme;
  const host =
    'name' in of.host
      ? [...of.host.name].map((c, i) => (how.hostCase[i % 12] ? c.toUpperCase() : c)).join('') + (how.trailingDot ? '.' : '')
      : spell(of.host.address, how.addressStyle);
  const port = of.port !== undefined ? `:${of.port}` : how.defaultPort ? (of.scheme === 'https' ? ':443' : ':80') : '';
  const path = `/${of.path.map(escaped).join('/')}`;
  const query = of.query ? `?${of.query.map(([k, v]) => `${escaped(k)}=${escaped(v)}`).join('&')}` : how.emptyQuery ? '?' : '';
  const fragment = how.fragment === undefined ? '' : `#${how.fragment}`;
  return `${scheme}://${host}${port}${path}${query}${fragment}`;
}

/** The same link but for its path, or its query: another link by the rule. */
const others = (of: Link): Link[] => [
  { ...of, path: [...of.path, 'other'] },
  { ...of, query: [...(of.query ?? []), ['other', '1']] },
];

test('once a link is disabled, every spelling of it is refused and every record of it is gone; another path or query is not', async () => {
  await fc.assert(
    fc.asyncProperty(link, fc.array(spelling, { minLength: 4, maxLength: 4 }), async (of, [first, before, ...after]) => {
      // Made apart, so that each spelling's record is its own: the test's own path keeps runs apart.
      const unique: Link = { ...of, path: [randomUUID().slice(0, 8), ...of.path] };
      const code = await shorten(written(unique, first!));
      const earlier = await shorten(written(unique, before!));
      await disable(SHARED, code, { reason: 'phishing', ...BY });
      for (const how of after) expectError(await create(written(unique, how)), 'json', 1016, 403);
      for (const c of [code, earlier]) expect((await invokeShortLink(`/${c}`)).statusCode).toBe(410);
      for (const other of others(unique)) expect((await create(written(other, first!))).statusCode).toBe(200);
      // Enabled, the link and its other records come back, and its spellings can be made again.
      await enable(SHARED, code);
      for (const c of [code, earlier]) expect((await invokeShortLink(`/${c}`)).statusCode).toBe(301);
      for (const how of after) expect((await create(written(unique, how))).statusCode).toBe(200);
    }),
    { numRuns: 12 },
  );
});

test('a record taken down with another code of the same link is enabled with that code, not alone', async () => {
  const path = `https://same-link.test/${randomUUID()}`;
  const [code, other] = [await shorten(path), await shorten(`${path}#elsewhere`)];
  await disable(SHARED, code, { reason: 'phishing', ...BY });
  await expect(enable(SHARED, other)).rejects.toThrow(
    new TakedownRefused(`${other} was taken down with ${code}, the same link: enable ${code}`),
  );
  expect((await invokeShortLink(`/${other}`)).statusCode).toBe(410);
  expect(await enable(SHARED, code)).toBe(1);
  expect((await invokeShortLink(`/${other}`)).statusCode).toBe(301);
});
