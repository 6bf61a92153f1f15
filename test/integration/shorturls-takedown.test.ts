/**
 * Taking short links down (docs/shorturls.md, Takedown and Blocked hosts) through the functions on the
 * shared table: 410 with no view on the short-link host, 404 on lookup, 1016 to create again; blocks
 * reach every function within 60 s (the clock moved past a minute), and undoing them restores all.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { block, hostOf, unblock } from '../../infra/ops/shorturls/blocks';
import { disable, enable } from '../../infra/ops/shorturls/takedown';
import { documentClient } from '../../lib/db/client';
import { aMinuteLater } from '../support/a-minute-later';
import { expectError, TYPES, typeQuery } from '../support/expect-error';
import { invoke, invokeShortLink } from '../support/invoke';
import { type Address, everySpelling } from '../support/host-spellings';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(120_000);

const SHARED = { documents: documentClient, table: process.env.SHORT_URLS_TABLE! };
const KEY = `appkey=${encodeURIComponent('http://takedown.test/')}`;
const BY = { at: 1_795_000_000, by: 'the test' };

let address = 0;
const create = (link: string) =>
  invoke(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: `203.0.113.${(address++ % 200) + 20}` });
async function shorten(link: string): Promise<string> {
  const answer = await create(link);
  expect(answer.statusCode).toBe(200);
  return codeOf(JSON.parse(answer.body).shorturls[0].short_url);
}
const views = async (code: string) => {
  const answer = await invoke(`/url/short/${code}?${KEY}&type=json`);
  return answer.statusCode === 200 ? (JSON.parse(answer.body).shorturls[0].view_count as number) : undefined;
};

/** Every path a link is taken down on: 410 page for GET and HEAD, no view, 404 on lookup in every type, 1016 to create it again. */
async function expectTakenDown(code: string, link: string, counted: number): Promise<void> {
  for (const method of ['GET', 'HEAD']) {
    const visit = await invokeShortLink(`/${code}`, { method });
    const { location, 'cache-control': cache, 'content-type': type } = visit.headers;
    expect([visit.statusCode, location, cache, type]).toEqual([410, undefined, 'no-store', 'text/html; charset=utf-8']);
    expect(visit.body).toContain('<title>Gone</title>');
  }
  for (const type of TYPES) expectError(await invoke(`/url/short/${code}?${KEY}&${typeQuery(type)}`), type, 404, 404);
  expectError(await create(link), 'json', 1016, 403);
  // No view was counted meanwhile: the record still holds what it held.
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: SHARED.table, Key: { pk: `code#${code}` }, ConsistentRead: true }),
  );
  expect(Item?.view_count).toBe(counted);
}

async function expectLive(code: string, link: string): Promise<void> {
  const visit = await invokeShortLink(`/${code}`);
  expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
  expect((await invoke(`/url/short/${code}?${KEY}&type=json`)).statusCode).toBe(200);
  expect(JSON.parse((await create(link)).body).shorturls[0].short_url).toBe(`${SHORT_URL_HOST}/${code}`);
}

test('a disabled link answers 410 on the short-link host with no view, 404 on lookup, 1016 when created again, at once; enabled, it is back', async () => {
  const link = `https://takedown.test/${randomUUID()}/phishing`;
  const code = await shorten(link);
  // Followed once: the redirect's container remembers its link, which must not outlive the takedown.
  expect((await invokeShortLink(`/${code}`)).statusCode).toBe(301);
  await disable(SHARED, code, { reason: 'phishing', ...BY });
  await expectTakenDown(code, link, 1);
  await enable(SHARED, code);
  await expectLive(code, link);
  expect(await views(code)).toBe(2);
});

test('a blocked host: its links and its subdomains answer 410 and 404 with no view, new links to it are refused; unblocked, all is back', async () => {
  const host = `blocked-${randomUUID().slice(0, 8)}.test`;
  const [onHost, onSubdomain] = [`https://${host}/a`, `https://www.${host}/b`];
  const lookalike = `https://not${host}/c`;
  const [code, subCode, lookalikeCode] = [await shorten(onHost), await shorten(onSubdomain), await shorten(lookalike)];
  for (const c of [code, subCode]) expect((await invokeShortLink(`/${c}`)).statusCode).toBe(301);

  expect(await block(SHARED, host, { reason: 'malware', ...BY })).toBe(2);
  // The records made to it are taken down at once; the functions' block lists within a minute.
  await expectTakenDown(code, onHost, 1);
  await expectTakenDown(subCode, onSubdomain, 1);
  await aMinuteLater(async () => {
    for (const fresh of [`https://${host}/new`, `https://deep.sub.${host}/new`]) expectError(await create(fresh), 'json', 1016, 403);
    expect((await invokeShortLink(`/${lookalikeCode}`)).statusCode).toBe(301);
  });

  expect(await unblock(SHARED, host)).toBe(2);
  await aMinuteLater(async () => {
    await expectLive(code, onHost);
    await expectLive(subCode, onSubdomain);
    expect((await create(`https://${host}/new`)).statusCode).toBe(200);
  });
});

describe('a blocked address, in every spelling (hosts compared as addresses)', () => {
  // Addresses of this test's own, at random: in the benchmark range 198.18.0.0/15 and the documentation prefix 2001:db8::/32.
  const hi = Number.parseInt(randomUUID().slice(0, 4), 16);
  const ADDRESSES: [string, Address, Address][] = [
    ['IPv4', { v4: [198, 18, hi >> 8, hi & 0xff] }, { v4: [198, 18, hi >> 8, (hi & 0xff) ^ 2] }],
    ['IPv6', { v6: [0x2001, 0xdb8, hi, 0, 0, 0, 0, 1] }, { v6: [0x2001, 0xdb8, hi, 0, 0, 0, 0, 2] }],
  ];
  /** The operator types IPv6 bare. */
  const typed = (spelling: string) => spelling.replace(/^\[(.*)\]$/, '$1');

  test.each(ADDRESSES)(
    '%s: blocked as typed in one spelling, links in every spelling are 1016 and taken down; its neighbour is not',
    async (_, of, neighbour) => {
      const spellings = everySpelling(of);
      const before = new URL(`http://${spellings.at(-1)}:8080/before`).href;
      const code = await shorten(before);
      expect(await block(SHARED, hostOf(typed(spellings[1]!)), { reason: 'botnet', ...BY })).toBe(1);
      await expectTakenDown(code, before, 0);
      await aMinuteLater(async () => {
        for (const spelling of spellings)
          for (const link of [`http://${spelling}/new`, `https://${spelling}:8443/new`]) {
            const answer = await create(link);
            expect([link, answer.statusCode, JSON.parse(answer.body).code]).toEqual([link, 403, 1016]);
          }
        for (const spelling of everySpelling(neighbour).slice(0, 3)) expect((await create(`http://${spelling}/new`)).statusCode).toBe(200);
      });
      expect(await unblock(SHARED, hostOf(spellings.at(-2)!))).toBe(1);
      await aMinuteLater(() => expectLive(code, before));
    },
  );
});
