/**
 * What creations read, and when (docs/api.md, Short URLs: Rate limit): admission before the record is
 * read or anything written; the blocked hosts (first creation, then once a minute) read together with
 * the link's entry; concurrent creations' reads gathered. Against DynamoDB Local, on a table of this
 * file's own.
 */
import { linkKey } from '../../lib/shorturls/link';
import type { ShortUrlService } from '../../lib/shorturls/service';
import { ApiError } from '../../lib/api-error';
import { batchKeys, sentWhile } from '../support/sent-commands';
import { A_MINUTE_MS, ADMITTED, documents, KNOWN, knownLinkTable, store } from '../support/short-url-reads';

jest.setTimeout(60_000);

let now = 1_000_000;
const { newService } = knownLinkTable(() => now);

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
