/**
 * What creations, lookups and short-link visits read, and when (docs/api.md, Short URLs: Rate limit):
 * admission before the record is read or anything written; the blocked hosts (first request, then once
 * a minute) read together with the link's entry or record; with a host blocked, a code not remembered
 * read before its view. Against DynamoDB Local, on a table of this file's own.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Blocklist } from '../../lib/shorturls/blocklist';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { linkKey } from '../../lib/shorturls/link';
import { redirectHandler } from '../../lib/shorturls/redirect';
import { ShortUrlService } from '../../lib/shorturls/service';
import { contextFields, lambdaContext, routedEvent } from '../../infra/local/invoke';
import { SHORT_LINK_ROUTES } from '../support/invoke';
import { ApiError } from '../../lib/api-error';
import { ownTables } from '../support/own-table';
import { batchKeys, sentWhile } from '../support/sent-commands';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(60_000);

// docs/api.md, Rate limit: a function reads the blocked hosts on its first creation, then once a minute.
const A_MINUTE_MS = 60_000;

const tables = ownTables('ShortUrlsTable');
const KNOWN = 'https://reads.test/known';

let store: DynamoShortUrlStore;
let table: string;
let documents: Awaited<ReturnType<typeof tables.create>>['documents'];
let now = 1_000_000;

/** A container's blocklist on `from`: due at once, read again a minute later. */
const clock = () => now;
const blocklistOf = (from: DynamoShortUrlStore) => new Blocklist(() => from.blockedHosts(), clock);
const newService = () => new ShortUrlService(store, { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() }, blocklistOf(store));
const ADMITTED = async () => ({ release: async () => undefined });
const knownCode = async () => (await store.linkEntry(linkKey(KNOWN)))!.code!;

/** The commands sent while creating `url` (without their `Command`), and those sent before admission. */
async function creation(service: ShortUrlService, url: string, admit: 'pass' | 'refuse' = 'pass') {
  let sentBeforeAdmission = Number.NaN;
  const run = await sentWhile(documents, () =>
    service
      .create(url, async () => {
        // sentWhile's spy on send counts what went out so far.
        sentBeforeAdmission = (documents.send as unknown as jest.Mock).mock.calls.length;
        if (admit === 'refuse') throw new ApiError(403);
        return { release: async () => undefined };
      })
      .catch((error: unknown) => error),
  );
  const sent = run.sent.map((name) => name.replace(/Command$/, ''));
  return { result: run.result, sent, inputs: run.inputs, beforeAdmission: sent.slice(0, sentBeforeAdmission) };
}

// A test that blocks a host unblocks it after.
afterEach(() => documents.send(new DeleteCommand({ TableName: table, Key: { pk: 'blocks' } })));
afterEach(() => jest.restoreAllMocks());

beforeAll(async () => {
  const own = await tables.create('create-reads');
  documents = own.documents;
  table = own.table;
  store = new DynamoShortUrlStore(documents, table);
  await newService().create(KNOWN, ADMITTED);
});

test('a container’s first creation of a known link: the blocked hosts and its entry in one BatchGetItem, then admission, then its record', async () => {
  const { result, sent, inputs, beforeAdmission } = await creation(newService(), KNOWN);
  expect(result).toMatchObject({ created: false, record: { link: KNOWN } });
  expect(sent).toEqual(['BatchGet', 'Get']);
  expect(beforeAdmission).toEqual(['BatchGet']);
  expect(batchKeys(inputs[0]).sort()).toEqual(['blocks', `link#${linkKey(KNOWN)}`]);
  const [batch] = Object.values((inputs[0] as { RequestItems: Record<string, { ConsistentRead?: boolean }> }).RequestItems);
  expect(batch!.ConsistentRead).toBe(true);
});

test('once the list is read, a creation reads nothing before admission: then the entry and the record', async () => {
  const service = newService();
  await creation(service, KNOWN);
  const { result, sent, beforeAdmission } = await creation(service, KNOWN);
  expect(result).toMatchObject({ created: false, record: { link: KNOWN } });
  expect(beforeAdmission).toEqual([]);
  expect(sent).toEqual(['Get', 'Get']);
});

test('a link in another spelling than its takedown form (a fragment) reads that form’s entry too; one in that form, its own alone', async () => {
  const service = newService();
  await creation(service, KNOWN);
  const spelled = await creation(service, `${KNOWN}#part`);
  expect(spelled.result).toMatchObject({ created: true });
  const read = spelled.inputs.slice(0, 2).map((input) => (input as { Key: { pk: string } }).Key.pk);
  expect(read.sort()).toEqual([`link#${linkKey(`${KNOWN}#part`)}`, `link#${linkKey(KNOWN)}`].sort());
  const again = await creation(service, `${KNOWN}#part`);
  expect(again.sent).toEqual(['Get', 'Get', 'Get']);
  expect((await creation(service, KNOWN)).sent).toEqual(['Get', 'Get']);
});

test('a refused creation reads at most the blocked hosts with the entry (once a minute), and writes nothing', async () => {
  const service = newService();
  const cold = await creation(service, 'https://reads.test/refused-cold', 'refuse');
  expect(cold.result).toMatchObject({ code: 403 });
  expect(cold.sent).toEqual(['BatchGet']);
  const warm = await creation(service, 'https://reads.test/refused-warm', 'refuse');
  expect(warm.sent).toEqual([]);
  now += A_MINUTE_MS;
  const due = await creation(service, 'https://reads.test/refused-due', 'refuse');
  expect(due.sent).toEqual(['BatchGet']);
  expect(await store.linkEntry(linkKey('https://reads.test/refused-cold'))).toBeUndefined();
});

test('a new link on a cold container: the entry read with the hosts is the first attempt’s, and the link is made once', async () => {
  const url = 'https://reads.test/new';
  const { result, sent } = await creation(newService(), url);
  expect(result).toMatchObject({ created: true, record: { link: url } });
  expect(sent).toEqual(['BatchGet', 'Update', 'TransactWrite']);
  expect((await store.linkEntry(linkKey(url)))?.code).toBe((result as { record: { code: string } }).record.code);
});

test('concurrent creations on one cold service (one local process): their reads go together, each key once, at most 100 a request', async () => {
  const service = newService();
  const links = [...Array.from({ length: 149 }, (_, n) => `https://reads.test/many/${n}`), KNOWN, KNOWN];
  const { result, sent, inputs } = await sentWhile(documents, () => Promise.all(links.map((url) => service.create(url, ADMITTED))));
  expect(result.map(({ record }) => record.link)).toEqual(links);
  const batches = inputs.filter((_, i) => sent[i] === 'BatchGetCommand').map(batchKeys);
  expect(batches.map((keys) => keys.length).sort((a, b) => a - b)).toEqual([51, 100]);
  const keys = batches.flat();
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).toContain('blocks');
  expect(keys).toContain(`link#${linkKey(KNOWN)}`);
});

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

test('the database failing on a cold creation’s one read: 503, and the place the rate limit gave is given back', async () => {
  const service = newService();
  const original = documents.send.bind(documents);
  const send = jest
    .spyOn(documents, 'send')
    .mockImplementation(((command: { constructor: { name: string } }, ...rest: unknown[]) =>
      command.constructor.name === 'BatchGetCommand'
        ? Promise.reject(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }))
        : (original as (...args: unknown[]) => Promise<unknown>)(command, ...rest)) as never);
  let released = 0;
  const result = await service.create(KNOWN, async () => ({ release: async () => void released++ })).catch((error: unknown) => error);
  expect(result).toBeInstanceOf(ApiError);
  expect((result as ApiError).status).toBe(503);
  expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual(['BatchGetCommand']);
  expect(released).toBe(1);
});
