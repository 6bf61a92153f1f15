/**
 * Keeps each whole-gallery series' earliest-date hint (lib/gallery/earliest.ts) at or below every
 * member's date: before an import writes members, the hint of their kind is lowered to the
 * earliest of them. A hint that is missing (a table written before there were hints) is made
 * from the table's earliest member, found by walking the counters, and the import's. Each step
 * is conditioned on what was read, so that two imports at once both end below their members;
 * a hint is never raised, so a removed earliest member leaves it low, and listings then walk.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isNamed } from '../../lib/db/failures';
import { DynamoGalleryStore } from '../../lib/gallery/dynamodb';
import { earliestKey, HINT_ATTRIBUTE, hintOf } from '../../lib/gallery/earliest';
import { allOf } from '../../lib/gallery/layout';
import type { Kind } from '../../lib/gallery/store';

/** Rounds of read-then-write before giving up: each lost round is another import's write landing first. */
const ATTEMPTS = 5;

/** Lowers `kind`'s hint to `date` at the most, making it when there is none. */
export async function lowerEarliestHint(client: DynamoDBDocumentClient, table: string, kind: Kind, date: number): Promise<void> {
  const Key = { pk: earliestKey(allOf(kind)) };
  const names = { '#date': HINT_ATTRIBUTE };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { Item } = await client.send(new GetCommand({ TableName: table, Key, ConsistentRead: true }));
    const hint = hintOf(Item);
    try {
      if (hint !== undefined) {
        if (hint <= date) return;
        await client.send(
          new UpdateCommand({
            TableName: table,
            Key,
            UpdateExpression: 'SET #date = :date',
            ConditionExpression: '#date = :hint',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':date': date, ':hint': hint },
          }),
        );
        return;
      }
      const earliest = await new DynamoGalleryStore(client, table).earliestDate(kind);
      await client.send(
        new PutCommand({
          TableName: table,
          Item: { ...Key, [HINT_ATTRIBUTE]: Math.min(date, earliest ?? date) },
          // None yet, or one that is not a hint: a hint made meanwhile is lowered in the next round.
          ConditionExpression: 'attribute_not_exists(pk) OR NOT attribute_type(#date, :number)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':number': 'N' },
        }),
      );
      return;
    } catch (error) {
      // Another import's write landed first: read again.
      if (!isNamed(error, 'ConditionalCheckFailedException')) throw error;
    }
  }
  throw new Error(`the ${kind}s' earliest-date hint kept changing under ${ATTEMPTS} attempts to lower it`);
}
