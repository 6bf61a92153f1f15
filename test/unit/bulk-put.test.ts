/**
 * The sample load's bulk puts (infra/gallery/bulk.ts), with the document client mocked: 25 items a
 * request, and no request before its `beforeBatch` lets it go, which is how `npm start`'s load
 * steps aside while the API answers (infra/local/in-flight.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { putItems } from '../../infra/gallery/bulk';
import { RequestsInFlight } from '../../infra/local/in-flight';

const ddb = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } }),
);
const items = Array.from({ length: 60 }, (_, index) => ({ pk: `count#photos#1#${index}`, c0: 1 }));

beforeEach(() => {
  ddb.reset();
  ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
});

test('the items go 25 a request, every one of them once', async () => {
  await putItems(client, 'gallery', items, { concurrency: 1 });
  const sent = ddb.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems!.gallery!);
  expect(sent.map((batch) => batch.length)).toEqual([25, 25, 10]);
  expect(sent.flat().map((request) => request.PutRequest!.Item!.pk)).toEqual(items.map((item) => item.pk));
});

test('while a request is in flight on the API, no batch is sent; once it is answered, the load goes on', async () => {
  const requests = new RequestsInFlight();
  requests.enter();
  const loading = putItems(client, 'gallery', items, { concurrency: 1, beforeBatch: () => requests.whenIdle(60_000) });
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
  requests.leave();
  await loading;
  expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(3);
});

test('each batch waits its turn: a request arriving mid-load holds the next batch back', async () => {
  const requests = new RequestsInFlight();
  let batches = 0;
  const loading = putItems(client, 'gallery', items, {
    concurrency: 1,
    beforeBatch: async () => {
      if (batches++ === 1) requests.enter();
      await requests.whenIdle(60_000);
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(1);
  requests.leave();
  await loading;
  expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(3);
});
