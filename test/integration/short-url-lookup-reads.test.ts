/**
 * What lookups and short-link visits read, and when (docs/api.md, Short URLs: Rate limit): a container's
 * first reads the record with the blocked hosts in one BatchGetItem, then one GetItem each; with a host
 * blocked, a code not remembered is read before its view. Against DynamoDB Local, on a table of this
 * file's own.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { contextFields, lambdaContext, routedEvent } from '../../infra/local/invoke';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { linkKey } from '../../lib/shorturls/link';
import { redirectHandler } from '../../lib/shorturls/redirect';
import { SHORT_LINK_ROUTES } from '../support/invoke';
import { batchKeys, sentWhile } from '../support/sent-commands';
import { A_MINUTE_MS, ADMITTED, documents, KNOWN, knownLinkTable, store, table } from '../support/short-url-reads';

jest.setTimeout(60_000);

let now = 1_000_000;
const { blocklistOf, newService } = knownLinkTable(() => now);
const knownCode = async () => (await store.linkEntry(linkKey(KNOWN)))!.code!;

test('a container’s first lookup reads the record with the blocked hosts in one BatchGetItem; then one GetItem a lookup', async () => {
  const service = newService();
  const code = await knownCode();
  const cold = await sentWhile(documents, () => service.lookup(code));
  expect(cold.result).toMatchObject({ code, link: KNOWN });
  expect(cold.sent).toEqual(['BatchGetCommand']);
  expect(batchKeys(cold.inputs[0]).sort()).toEqual(['blocks', `code#${code}`]);
  const warm = await sentWhile(documents, () => service.lookup(code));
  expect(warm.result).toMatchObject({ code, link: KNOWN });
  expect(warm.sent).toEqual(['GetCommand']);
  const unknown = await sentWhile(documents, () => service.lookup('Unknown1').catch((error: unknown) => error));
  expect(unknown.result).toMatchObject({ code: 404 });
  expect(unknown.sent).toEqual(['GetCommand']);
});

test('a lookup on a container whose list is due, of a link to a host blocked meanwhile: 404, from that one request', async () => {
  const service = newService();
  await service.lookup(await knownCode());
  const url = 'https://blocked-later.test/x';
  const { record } = await service.create(url, ADMITTED);
  await documents.send(new PutCommand({ TableName: table, Item: { pk: 'blocks', hosts: { 'blocked-later.test': 1 } } }));
  expect(await service.lookup(record.code)).toMatchObject({ link: url });
  now += A_MINUTE_MS;
  const due = await sentWhile(documents, () => service.lookup(record.code).catch((error: unknown) => error));
  expect(due.result).toMatchObject({ code: 404 });
  expect(due.sent).toEqual(['BatchGetCommand']);
});

test('a HEAD on a cold short-link container reads the record with the blocked hosts in one BatchGetItem, as a lookup does', async () => {
  const code = await knownCode();
  const head = redirectHandler(store, blocklistOf(store));
  const { event } = routedEvent(SHORT_LINK_ROUTES, { target: `/${code}`, method: 'HEAD' });
  const context = () => lambdaContext(contextFields('RedirectFunction', 'head', 1769));
  const cold = await sentWhile(documents, () => head(event, context()));
  expect(cold.result).toMatchObject({ statusCode: 301, headers: { Location: KNOWN } });
  expect(cold.sent).toEqual(['BatchGetCommand']);
  expect(batchKeys(cold.inputs[0]).sort()).toEqual(['blocks', `code#${code}`]);
  const warm = await sentWhile(documents, () => head(event, context()));
  expect(warm.result).toMatchObject({ statusCode: 301 });
  expect(warm.sent).toEqual(['GetCommand']);
});

test('a GET on a cold short-link container: its record with the blocked hosts, then its view; with none blocked, the view alone', async () => {
  const code = await knownCode();
  // The views sent by the same client as the reads, so that the test sees them all.
  const counting = new DynamoShortUrlStore(documents, table, () => documents);
  const other = (await newService().create('https://reads.test/other', ADMITTED)).record.code;
  const visit = redirectHandler(counting, blocklistOf(counting));
  const sent = async (target: string) => {
    const { event } = routedEvent(SHORT_LINK_ROUTES, { target });
    const run = await sentWhile(documents, () => visit(event, lambdaContext(contextFields('RedirectFunction', 'get', 1769))));
    expect(run.result).toMatchObject({ statusCode: 301 });
    return run.sent;
  };
  expect(await sent(`/${code}`)).toEqual(['BatchGetCommand', 'UpdateCommand']);
  expect(await sent(`/${code}`)).toEqual(['UpdateCommand']);
  await documents.send(
    new PutCommand({ TableName: table, Item: { pk: 'blocks', hosts: { 'elsewhere.test': { reason: 'x', at: 0, by: 't' } } } }),
  );
  // A minute on, a host is blocked: the code followed in the last minute is checked by its remembered link.
  now += 60_000;
  expect(await sent(`/${code}`)).toEqual(['GetCommand', 'UpdateCommand']);
  expect(await sent(`/${code}`)).toEqual(['UpdateCommand']);
  // One not followed yet is read before its view (a 410 must count none), then remembered.
  expect(await sent(`/${other}`)).toEqual(['GetCommand', 'UpdateCommand']);
  expect(await sent(`/${other}`)).toEqual(['UpdateCommand']);
});

test('a read with nothing to go with is sent as its caller awaits it, not a turn of the event loop later', async () => {
  const send = jest.spyOn(documents, 'send');
  const reading = store.findByCode('Nothing1');
  // A turn later, under a local server's load, held every lookup back by one.
  await Promise.resolve();
  expect(send).toHaveBeenCalledTimes(1);
  expect(await reading).toBeUndefined();
});
