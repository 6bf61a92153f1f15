/**
 * lib/db/client.ts sends without the SDK's logger middleware: with no logger configured, that
 * middleware still filters every request and answer through the schema for a no-op logger
 * (docs/performance.md). A real round trip to DynamoDB Local must leave the client's logger
 * untouched, for the document client and its single-attempt twin alike.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, singleAttemptClient } from '../../lib/db/client';

test.each([
  ['the document client', () => documentClient],
  ['the single-attempt client', singleAttemptClient],
])('%s asks its logger nothing about a round trip', async (_name, client) => {
  const logger = client().config.logger;
  const info = jest.spyOn(logger, 'info');
  const { Item } = await client().send(new GetCommand({ TableName: process.env.SHORT_URLS_TABLE!, Key: { pk: 'code#never-made' } }));
  expect(Item).toBeUndefined();
  expect(info).not.toHaveBeenCalled();
});
