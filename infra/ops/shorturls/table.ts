/**
 * The short-URL table as the operator's commands change it (./takedown.ts, ./blocks.ts): its
 * conditional updates, its records, and the refusal of a command that cannot do what it was asked.
 */
import { UpdateCommand, type DynamoDBDocumentClient, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from '../../../lib/db/failures';
import { recordsOf } from '../../../lib/shorturls/table';
import type { ShortUrlRecord } from '../../../lib/shorturls/store';
import { scanAll } from '../scan';

export interface ShortUrlTable {
  readonly documents: DynamoDBDocumentClient;
  readonly table: string;
}

/** An operator's command could not do what it was asked (no such code, a host name that is none). */
export class TakedownRefused extends Error {
  override readonly name = 'TakedownRefused';
}

/**
 * One conditional update of the short-URL table: true when it was made; when its condition
 * fails, false, or TakedownRefused with `refusal` when the command cannot do without it.
 */
export async function updateIf(target: ShortUrlTable, input: Omit<UpdateCommandInput, 'TableName'>, refusal?: string): Promise<boolean> {
  try {
    await target.documents.send(new UpdateCommand({ TableName: target.table, ...input }));
    return true;
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    if (refusal !== undefined) throw new TakedownRefused(refusal);
    return false;
  }
}

/** Every record the table holds that can be read (one that cannot leads nowhere a takedown could reach). */
export const records = async (target: ShortUrlTable): Promise<ShortUrlRecord[]> =>
  recordsOf(await scanAll(target.documents, target.table)).records;
