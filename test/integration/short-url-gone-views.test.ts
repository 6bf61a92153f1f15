/**
 * A 410 never counts a view (docs/api.md, Short URLs: Takedown, Blocked hosts), on every path a visit
 * can find a link gone by. The view count is read from the table itself.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { block, unblock } from '../../infra/ops/shorturls/blocks';
import { importLinks } from '../../infra/ops/shorturls/importer';
import { TakedownRefused } from '../../infra/ops/shorturls/table';
import { disable, enable } from '../../infra/ops/shorturls/takedown';
import { documentClient } from '../../lib/db/client';
import { aMinuteLater } from '../support/a-minute-later';
import { expectError } from '../support/expect-error';
import { freshAddress } from '../support/fresh-address';
import { type Invocation, invoke, invokeShortLink } from '../support/invoke';
import { codeOf } from '../support/short-url-host';

jest.setTimeout(60_000);

const SHARED = { documents: documentClient, table: process.env.SHORT_URLS_TABLE! };
const KEY = `appkey=${encodeURIComponent('http://gone-views.test/')}`;
const BY = { at: 1_795_000_000, by: 'the test' };

const create = (link: string) => invoke(`/url/short/create?${KEY}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: freshAddress() });
const codeOfAnswer = (answer: Invocation) => codeOf(JSON.parse(answer.body).shorturls[0].short_url);
const storedViews = async (code: string) =>
  (await documentClient.send(new GetCommand({ TableName: SHARED.table, Key: { pk: `code#${code}` }, ConsistentRead: true }))).Item
    ?.view_count;
const visit = async (code: string, method = 'GET') => (await invokeShortLink(`/${code}`, { method })).statusCode;

test('a record taken down while its container remembers its link: 410, no view', async () => {
  const code = codeOfAnswer(await create(`https://gone-views.test/${randomUUID()}`));
  expect(await visit(code)).toBe(301);
  await disable(SHARED, code, { reason: 'phishing', ...BY });
  expect(await visit(code)).toBe(410);
  expect(await storedViews(code)).toBe(1);
});

test('a link made to a host the creating function did not yet know was blocked: once the functions know, 410 and no view', async () => {
  const host = `late-${randomUUID().slice(0, 8)}.test`;
  // The creating function reads the block list now, before the block: for a minute it goes by it.
  expect((await create(`https://${host}/before`)).statusCode).toBe(200);
  await block(SHARED, host, { reason: 'malware', ...BY });
  const made = await create(`https://${host}/after`);
  expect(made.statusCode).toBe(200);
  const code = codeOfAnswer(made);
  const counted = (await storedViews(code)) as number;
  await aMinuteLater(async () => {
    for (let i = 0; i < 3; i++) for (const method of ['GET', 'HEAD']) expect(await visit(code, method)).toBe(410);
    expectError(await invoke(`/url/short/${code}?${KEY}&type=json`), 'json', 404, 404);
    expectError(await create(`https://${host}/after`), 'json', 1016, 403);
  });
  expect(await storedViews(code)).toBe(counted);
  await unblock(SHARED, host);
});

test('a link imported while its host was blocked, followed once the functions know: 410 and no view', async () => {
  const host = `raced-${randomUUID().slice(0, 8)}.test`;
  await block(SHARED, host, { reason: 'malware', ...BY });
  const code = `raced-${randomUUID().slice(0, 8)}`;
  // An import that raced the block: the record is not disabled.
  await importLinks(SHARED, [{ line: 1, link: { code, link: `https://${host}/x`, view_count: 7 } }]);
  await aMinuteLater(async () => {
    for (const method of ['GET', 'HEAD', 'GET']) expect(await visit(code, method)).toBe(410);
  });
  expect(await storedViews(code)).toBe(7);
  await unblock(SHARED, host);
});

test('enable refuses a link whose host is blocked, so that it cannot answer 410 while counting', async () => {
  const host = `held-${randomUUID().slice(0, 8)}.test`;
  const code = codeOfAnswer(await create(`https://${host}/x`));
  await disable(SHARED, code, { reason: 'spam', ...BY });
  await block(SHARED, host, { reason: 'malware', ...BY });
  await expect(enable(SHARED, code)).rejects.toThrow(
    new TakedownRefused(`${code} leads to ${host}, which is blocked: unblock ${host} first`),
  );
  await aMinuteLater(async () => expect(await visit(code)).toBe(410));
  expect(await storedViews(code)).toBe(0);
  await unblock(SHARED, host);
  expect(await enable(SHARED, code)).toBe(0);
  await aMinuteLater(async () => expect(await visit(code)).toBe(301));
  expect(await storedViews(code)).toBe(1);
});
