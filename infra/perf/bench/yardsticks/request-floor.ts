/**
 * A DynamoDB function's request floor: `DatabaseFloor` (./database-floor.ts: the required parts
 * and the functions' client) sending, instead of its one GetItem, the very requests the function
 * sent in its cold start, recorded by the bench and built in as REQUEST_SCRIPT
 * (./request-script.ts), round after round. It holds what the design's libraries cost for the
 * reads and writes the function must make, with nothing of the project: the function's cold
 * start less this one's is its own share (the pipeline, planning, rendering).
 *
 * The requests go as recorded, DynamoDB's own JSON, through the document client's commands'
 * low-level twins: what the document client adds, turning plain values into typed ones and back,
 * counts as the function's own. A conditional write that the table now refuses (the create's
 * rate-limit place, recorded with its request's token, which a replay repeats) is a round trip
 * all the same: its refusal is taken as its answer.
 */
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
import type { Operation, RequestScript } from './request-script';
import { withRequiredParts } from './required-parts';

declare const REQUEST_SCRIPT: RequestScript;

/** Each operation sent through the functions' client, its input as recorded (typed by the SDK, not by the script). */
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
