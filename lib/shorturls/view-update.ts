/**
 * A redirect's view: one atomic `ADD` that answers the record (whose link a redirect needs),
 * conditional on the record being there and not taken down, sent once: hundreds of simultaneous
 * views of one link never conflict, as transactions on one item do, and a view whose answer is
 * lost is never counted twice. Only a refusal DynamoDB did not apply (throttling) is sent again
 * (docs/api.md, Short URLs: Views).
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../iso-time';
import { conditionFailed } from '../db/failures';
import { codeKey } from './layout';

/** A view's request, as far as it went: counted (with the record as it is now), the code unknown or taken down, or not counted (and why). */
export type SentView =
  | { readonly outcome: 'counted'; readonly item: Record<string, unknown> }
  | { readonly outcome: 'no such code' | 'gone' }
  | { readonly outcome: 'not counted'; readonly error: unknown };

/**
 * Errors that say DynamoDB refused a write without applying it (throttled, or an item a
 * transaction holds), so that sending it again cannot count it twice. A timeout or a lost
 * connection says nothing of the kind: such a view is never sent again.
 */
const NOT_APPLIED = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TransactionConflictException',
]);
/** Sends of a view DynamoDB refused unapplied, and the pause before the next. */
const VIEW_SENDS = 3;
const VIEW_BACKOFF_MS = 20;

export async function sendView(client: DynamoDBDocumentClient, table: string, code: string): Promise<SentView> {
  const update = {
    TableName: table,
    Key: codeKey(code),
    UpdateExpression: 'ADD view_count :one',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabled)',
    ExpressionAttributeValues: { ':one': 1 },
    ReturnValues: 'ALL_NEW',
    // Which failed: no record, or one taken down.
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  } as const;
  for (let send = 1; ; send++) {
    try {
      const { Attributes } = await client.send(new UpdateCommand(update));
      return { outcome: 'counted', item: Attributes ?? {} };
    } catch (error) {
      if (conditionFailed(error)) return { outcome: (error as { Item?: unknown }).Item === undefined ? 'no such code' : 'gone' };
      const refused = error instanceof Error && NOT_APPLIED.has(error.name);
      if (!refused || send === VIEW_SENDS) return { outcome: 'not counted', error };
      await pause(VIEW_BACKOFF_MS * send);
    }
  }
}
