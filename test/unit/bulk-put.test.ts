/**
 * The sample load's bulk puts (infra/ops/gallery/bulk.ts), with the document client mocked: 100 items
 * a transaction (fewer when they would pass its 4 MB) or 25 a batch, a cancelled transaction sent
 * again, and no request before its `beforeBatch` lets it go, which is how `npm start`'s load steps
 * aside while the API answers (infra/local/in-flight.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { putItems } from '../../infra/ops/gallery/bulk';
import { RequestsInFlight } from '../../infra/local/in-flight';

const ddb = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } }),
);
const items = Array.from({ length: 60 }, (_, index) => ({ pk: `count#photos#1#${index}`, c0: 1 }));
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
  await putItems(client, 'gallery', items, { request: 'BatchWriteItem', concurrency: 1 });
  const sent = ddb.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems!.gallery!);
  expect(sent.map((batch) => batch.length)).toEqual([25, 25, 10]);
  expect(sent.flat().map((request) => request.PutRequest!.Item!.pk)).toEqual(items.map((item) => item.pk));
  expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
});

test('in transactions, the items go 100 a request as puts, every one of them once', async () => {
  const many = Array.from({ length: 250 }, (_, index) => ({ pk: `count#photos#1#${index}`, c0: 1 }));
  await putItems(client, 'gallery', many, { request: 'TransactWriteItems', concurrency: 1 });
  expect(transactions().map((sent) => sent.length)).toEqual([100, 100, 50]);
  expect(transactions().flat()).toEqual(many.map((item) => item.pk));
  expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
});

test('a transaction holds fewer than 100 items when 100 would pass its 4 MB', async () => {
  // Each about 100 KB as the importer weighs it (two bytes a character): 39 fit in 4 MB, 40 do not.
  const large = Array.from({ length: 50 }, (_, index) => ({ pk: `photo#${index}`, title: 'x'.repeat(50_000) }));
  await putItems(client, 'gallery', large, { request: 'TransactWriteItems', concurrency: 1 });
  expect(transactions().map((sent) => sent.length)).toEqual([39, 11]);
});

test('a transaction that DynamoDB cancels for a conflict is sent again, whole', async () => {
  const conflict = new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'TransactionConflict' }],
  });
  ddb.on(TransactWriteCommand).rejectsOnce(conflict).resolves({});
  await putItems(client, 'gallery', items, { request: 'TransactWriteItems', concurrency: 1, retry: NO_WAIT });
  expect(transactions()).toEqual([items.map((item) => item.pk), items.map((item) => item.pk)]);
});

/** The longest a batch waits here for the requests in flight. */
const MAX_WAIT_MS = 60_000;

// The load's wait is on jest's clock: a batch held for the whole wait but its last millisecond
// shows the hold, however fast the machine; `beforeBatch` tells when a batch is at the hold.
describe('on the test clock', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('while a request is in flight on the API, no batch is sent; once it is answered, the load goes on', async () => {
    const requests = new RequestsInFlight();
    requests.enter();
    const atTheHold = Promise.withResolvers<void>();
    const loading = putItems(client, 'gallery', items, {
      request: 'BatchWriteItem',
      concurrency: 1,
      beforeBatch: () => {
        atTheHold.resolve();
        return requests.whenIdle(MAX_WAIT_MS);
      },
    });
    await atTheHold.promise;
    await jest.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
    requests.leave();
    await loading;
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(3);
  });

  test('each batch waits its turn: a request arriving mid-load holds the next batch back', async () => {
    const requests = new RequestsInFlight();
    const atTheHold: Array<PromiseWithResolvers<void>> = [Promise.withResolvers(), Promise.withResolvers()];
    let batches = 0;
    const loading = putItems(client, 'gallery', items, {
      request: 'BatchWriteItem',
      concurrency: 1,
      beforeBatch: async () => {
        atTheHold[batches]?.resolve();
        if (batches++ === 1) requests.enter();
        await requests.whenIdle(MAX_WAIT_MS);
      },
    });
    await atTheHold[1]!.promise;
    await jest.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(1);
    requests.leave();
    await loading;
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(3);
  });
});
