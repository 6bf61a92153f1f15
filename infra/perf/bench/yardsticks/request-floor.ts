/** DatabaseFloor sending a function's recorded requests (REQUEST_SCRIPT), through the low-level client, so that the document client's share counts as the function's. */
import {
  BatchGetItemCommand,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { documentClient } from '../../../../lib/db/client';
import type { Operation, RequestScript } from '../request-floors';
import { withRequiredParts } from './required-parts';

declare const REQUEST_SCRIPT: RequestScript;

const SEND: Record<Operation, (input: never) => Promise<unknown>> = {
  GetItem: (input) => documentClient.send(new GetItemCommand(input)),
  BatchGetItem: (input) => documentClient.send(new BatchGetItemCommand(input)),
  Query: (input) => documentClient.send(new QueryCommand(input)),
  UpdateItem: (input) => documentClient.send(new UpdateItemCommand(input)),
  PutItem: (input) => documentClient.send(new PutItemCommand(input)),
  DeleteItem: (input) => documentClient.send(new DeleteItemCommand(input)),
  TransactWriteItems: (input) => documentClient.send(new TransactWriteItemsCommand(input)),
};

const refusedCondition = (error: unknown) => {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
};

export const handler = withRequiredParts(async () => {
  let sent = 0;
  for (const round of REQUEST_SCRIPT) {
    await Promise.all(round.map(({ operation, input }) => SEND[operation](input as never).catch(refusedCondition)));
    sent += round.length;
  }
  return { statusCode: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: `${sent} requests` };
});
