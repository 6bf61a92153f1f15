/**
 * The gallery importer when DynamoDB cancels its transactions (docs/gallery-layout.md, Writes: the importer): a conflict is
 * sent again until it goes through, everything written once; a failed condition stops the import with what it wrote whole.
 */
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { importLines } from '../../infra/ops/gallery/importer';
import { documentClient } from '../../lib/db/client';
import { comment, fresh, photo, rawItems, store, TABLE } from '../support/importer-fixtures';

jest.setTimeout(60_000);

/** A client whose first `times` transactions are cancelled, for `code` on their first item, as DynamoDB cancels them. */
function cancelling(code: string, times = Number.POSITIVE_INFINITY) {
  let transactions = 0;
  const send = (command: unknown) => {
    if (!(command instanceof TransactWriteCommand)) return documentClient.send(command as never);
    if (transactions++ >= times) return documentClient.send(command);
    const CancellationReasons = command.input.TransactItems!.map((_, index) => ({ Code: index === 0 ? code : 'None' }));
    return Promise.reject(Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons }));
  };
  return { client: { send } as unknown as DynamoDBDocumentClient, transactions: () => transactions };
}

describe('when DynamoDB cancels a transaction for a conflict with another', () => {
  test('it is sent again until it goes through, and everything is written once', async () => {
    const ids = fresh();
    const thirty = Array.from({ length: 30 }, (_, index) => index + 1);
    const records = [...thirty.map((n) => photo(ids, n)), ...thirty.map((n) => comment(ids, n, 1, n === 1 ? null : n - 1))];
    const lines = records.map((record) => JSON.stringify(record));
    const busy = cancelling('TransactionConflict', 3);
    const summary = await importLines(lines, busy.client, TABLE, { retry: { attempts: 5, baseDelayMs: 5, maxDelayMs: 20 } });
    expect(summary).toMatchObject({ photos: 30, comments: 30, unchanged: 0, refused: [] });
    expect(busy.transactions()).toBeGreaterThan(3);
    expect((await rawItems([...thirty.map(ids.photoKey), ...thirty.map(ids.commentKey)])).size).toBe(60);
    expect((await store.photosByIds([ids.photo(1)])).get(ids.photo(1))).toMatchObject({ comments: 30 });
    expect((await store.commentsByIds([ids.comment(30)])).get(ids.comment(30))).toMatchObject({ level: 29, root: ids.comment(1) });
  });

  test('a condition that fails (another import got there first) stops the import with what it wrote whole', async () => {
    const ids = fresh();
    await expect(importLines([JSON.stringify(photo(ids, 1))], cancelling('ConditionalCheckFailed').client, TABLE)).rejects.toThrow(
      /the table changed while this import ran .*run the import again/,
    );
    expect((await rawItems([ids.photoKey(1)])).size).toBe(0);
  });
});
