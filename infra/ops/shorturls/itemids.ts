/**
 * The itemids of an import (docs/shorturls.md, Import): which a line keeps, and the counter the
 * service takes its own from, moved past every kept one before anything is written.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from '../../../lib/db/failures';
import { takeItemId, ITEMID_COUNTER, ITEMID_MAX, KEPT_ITEMID_MAX } from '../../../lib/shorturls/table';
import type { ImportedLink } from './records';
import type { ShortUrlTable } from './table';

/**
 * The itemid a line keeps: its own, unless the service may have handed it out before it claimed
 * itemids (below `claimsFrom`), or it is past KEPT_ITEMID_MAX, where the counter would have no
 * room left for the service's creations; else one is assigned.
 */
export const keptItemid = (link: ImportedLink, claimsFrom: number): number | undefined =>
  link.itemid !== undefined && link.itemid >= claimsFrom && link.itemid <= KEPT_ITEMID_MAX ? link.itemid : undefined;

/** The itemid counter made ready: `claimsFrom` set (once, ever) and `last` past every itemid of the file. */
export async function prepareCounter(target: ShortUrlTable, highest: number): Promise<number> {
  const { documents, table } = target;
  const { Item } = await documents.send(new GetCommand({ TableName: table, Key: ITEMID_COUNTER, ConsistentRead: true }));
  const { Attributes } = await documents.send(
    new UpdateCommand({
      TableName: table,
      Key: ITEMID_COUNTER,
      UpdateExpression: 'SET claimsFrom = if_not_exists(claimsFrom, :from)',
      ExpressionAttributeValues: { ':from': Number(Item?.last ?? 0) + 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (highest > 0) {
    await documents
      .send(
        new UpdateCommand({
          TableName: table,
          Key: ITEMID_COUNTER,
          UpdateExpression: 'SET #last = :highest',
          ConditionExpression: 'attribute_not_exists(#last) OR #last < :highest',
          ExpressionAttributeNames: { '#last': 'last' },
          ExpressionAttributeValues: { ':highest': highest },
        }),
      )
      .catch((error: unknown) => {
        if (!conditionFailed(error)) throw error;
      });
  }
  return Number(Attributes!.claimsFrom);
}

/** An itemid from the counter, as the service takes one. */
export async function newItemId({ documents, table }: ShortUrlTable): Promise<number> {
  const itemid = await takeItemId(documents, table);
  if (itemid === undefined) throw new Error(`the itemid counter (${ITEMID_COUNTER.pk}) is past ${ITEMID_MAX} or no number: mend it first`);
  return itemid;
}
