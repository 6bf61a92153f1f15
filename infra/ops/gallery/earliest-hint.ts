/**
 * Keeps each whole-gallery series' earliest-date hint (lib/gallery/counters.ts) at or below every
 * member's date: before an import writes members, the hint of their kind is lowered to the
 * earliest of them. A hint that is missing (a table written before there were hints) is made
 * from the table's earliest member, found by walking the counters, and the import's. Each step
 * is conditioned on what was read, so that two imports at once both end below their members;
 * a hint is never raised, so a removed earliest member leaves it low, and listings then walk.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from '../../../lib/db/failures';
import { DynamoGalleryStore } from '../../../lib/gallery/dynamodb';
import { earliestKey, HINT_ATTRIBUTE, hintOf } from '../../../lib/gallery/counters';
import { allOf } from '../../../lib/gallery/layout';
import type { Kind } from '../../../lib/gallery/store';

/** Rounds of read-then-write before giving up: each lost round is another import's write landing first. */
const ATTEMPTS = 5;

/** The condition that the hint item is still as `read` found it: absent, without a date, or its date unchanged, whatever its type. */
function unchangedSince(read: Record<string, unknown> | undefined) {
  if (read === undefined) return { ConditionExpression: 'attribute_not_exists(pk)' };
  const ExpressionAttributeNames = { '#date': HINT_ATTRIBUTE };
  if (read[HINT_ATTRIBUTE] === undefined) return { ConditionExpression: 'attribute_not_exists(#date)', ExpressionAttributeNames };
  return { ConditionExpression: '#date = :read', ExpressionAttributeNames, ExpressionAttributeValues: { ':read': read[HINT_ATTRIBUTE] } };
}

/** Lowers `kind`'s hint to `date` at the most, making it when there is none (or what is stored is not a date). */
export async function lowerEarliestHint(client: DynamoDBDocumentClient, table: string, kind: Kind, date: number): Promise<void> {
  const Key = { pk: earliestKey(allOf(kind)) };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { Item } = await client.send(new GetCommand({ TableName: table, Key, ConsistentRead: true }));
    const hint = hintOf(Item);
    if (hint !== undefined && hint <= date) return;
    // No hint: the walk, since the store's earliestDate would read the missing hint again first.
    const lowest = hint ?? (await new DynamoGalleryStore(client, table).earliestDateByCounters(kind)) ?? date;
    try {
      await client.send(
        new PutCommand({ TableName: table, Item: { ...Key, [HINT_ATTRIBUTE]: Math.min(date, lowest) }, ...unchangedSince(Item) }),
      );
      return;
    } catch (error) {
      // Another import's write landed first: read again.
      if (!conditionFailed(error)) throw error;
    }
  }
  throw new Error(`the ${kind}s' earliest-date hint kept changing under ${ATTEMPTS} attempts to lower it`);
}
