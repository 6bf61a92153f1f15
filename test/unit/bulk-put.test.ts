/**
 * The sample load's bulk puts (infra/ops/gallery/bulk.ts), with the document client mocked: 100 items
 * a transaction (fewer when they would pass its 4 MB) or 25 a batch, a cancelled transaction sent
 * again, and no request before its `beforeBatch` lets it go, which is how `npm start`'s load steps
 * aside while the API answers (infra/local/in-flight.ts).
 */
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { putItems } from '../../infra/ops/gallery/bulk';
import { RequestsInFlight } from '../../infra/local/in-flight';

const ddb = mockClient(DynamoDBDocumentClient);
// The mock answers every send: the client never resolves credentials.
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const counters = (length: number) => Array.from({ length }, (_, index) => ({ pk: `count#photos#1#${index}`, c0: 1 }));
const items = counters(60);
const put = (request: 'BatchWriteItem' | 'TransactWriteItems', list: Array<Record<string, unknown>>, more = {}) =>
  putItems(client, 'gallery', list, { request, concurrency: 1, ...more });
const batchesSent = () => ddb.commandCalls(BatchWriteCommand).length;
const NO_WAIT = { attempts: 3, baseDelayMs: 0, maxDelayMs: 0 };

beforeEach(() => {
  ddb.reset();
  ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
  ddb.on(TransactWriteCommand).resolves({});
});

const transactions = () =>
  ddb.commandCalls(TransactWriteCommand).map((call) =>
    call.args[0].input.TransactItems!.map((action) => {
      expect(action.Put!.TableName).toBe('gallery');
      return action.Put!.Item!.pk;
    }),
  );

test('in batches, the items go 25 a request, every one of them once', async () => {
  await put('BatchWriteItem', items);
  const sent = ddb.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems!.gallery!);
  expect(sent.map((batch) => batch.length)).toEqual([25, 25, 10]);
  expect(sent.flat().map((request) => request.PutRequest!.Item!.pk)).toEqual(items.map((item) => item.pk));
  expect(transactions()).toHaveLength(0);
});

test('in transactions, the items go 100 a request as puts, every one of them once', async () => {
  const many = counters(250);
  await put('TransactWriteItems', many);
  expect(transactions().map((sent) => sent.length)).toEqual([100, 100, 50]);
  expect(transactions().flat()).toEqual(many.map((item) => item.pk));
  expect(batchesSent()).toBe(0);
});

test('a transaction holds fewer than 100 items when 100 would pass its 4 MB', async () => {
  // Each about 100 KB as the importer weighs it (two bytes a character): 39 fit in 4 MB, 40 do not.
  const large = Array.from({ length: 50 }, (_, index) => ({ pk: `photo#${index}`, title: 'x'.repeat(50_000) }));
  await put('TransactWriteItems', large);
  expect(transactions().map((sent) => sent.length)).toEqual([39, 11]);
});

test('a transaction that DynamoDB cancels for a conflict is sent again, whole', async () => {
  const reasons = [{ Code: 'TransactionConflict' }];
  ddb
    .on(TransactWriteCommand)
    .rejectsOnce(new TransactionCanceledException({ message: 'Cancelled', $metadata: {}, CancellationReasons: reasons }))
    .resolves({});
  await put('TransactWriteItems', items, { retry: NO_WAIT });
  expect(transactions()).toEqual([items.map((item) => item.pk), items.map((item) => item.pk)]);
});

/** The longest a batch waits here for the requests in flight. */
const MAX_WAIT_MS = 60_000;

// The load's wait is on jest's clock: a batch held for the whole wait but its last millisecond
// shows the hold, however fast the machine; `beforeBatch` tells when a batch is at the hold.
describe('on the test clock', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Loads `items` with a request arriving on the API at batch `arrives` (-1: before the load), and holds there the whole wait but its last millisecond. */
  async function heldAt(arrives: number): Promise<void> {
    const requests = new RequestsInFlight();
    if (arrives < 0) requests.enter();
    const at = Math.max(arrives, 0);
    const atTheHold = Promise.withResolvers<void>();
    let batches = 0;
    const loading = put('BatchWriteItem', items, {
      beforeBatch: async () => {
        if (batches === arrives) requests.enter();
        if (batches++ === at) atTheHold.resolve();
        await requests.whenIdle(MAX_WAIT_MS);
      },
    });
    await atTheHold.promise;
    await jest.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(batchesSent()).toBe(at);
    requests.leave();
    await loading;
    expect(batchesSent()).toBe(3);
  }

  test('while a request is in flight on the API, no batch is sent; once it is answered, the load goes on', () => heldAt(-1));
  test('each batch waits its turn: a request arriving mid-load holds the next batch back', () => heldAt(1));
});
