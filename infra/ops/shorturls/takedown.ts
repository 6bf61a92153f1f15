/**
 * Taking a short link down (docs/shorturls.md, Takedown): a disabled record keeps its link and
 * counts but answers 410 on the short-link host and 404 on lookup, and its link cannot be
 * shortened or imported again in any spelling (lib/shorturls/link.ts); every other record
 * of the same link goes down with it, and comes back with it.
 */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from '../../../lib/db/failures';
import { blockingHost } from '../../../lib/shorturls/blocklist';
import { isCode } from '../../../lib/shorturls/code';
import { codeKey, linkEntryKey, readRecord } from '../../../lib/shorturls/table';
import { linkKey, sameLinkOf } from '../../../lib/shorturls/link';
import type { ShortUrlRecord, Takedown } from '../../../lib/shorturls/store';
import { blockedHosts } from './blocks';
import { records, type ShortUrlTable, TakedownRefused, updateIf } from './table';

/** A code as the command line gives it; TakedownRefused when it is none (it could name no record). */
export function codeOf(text: string): string {
  if (!isCode(text)) throw new TakedownRefused('give a short link\'s code: 1 to 64 of the letters A-Z and a-z, the digits, "_" and "-"');
  return text;
}

/** The record under a code as it stands now; TakedownRefused with `refusal` when there is none it can read. */
async function recordUnder(target: ShortUrlTable, code: string, refusal: string): Promise<ShortUrlRecord> {
  const { Item } = await target.documents.send(new GetCommand({ TableName: target.table, Key: codeKey(code), ConsistentRead: true }));
  const read = readRecord(Item);
  if (read === undefined) throw new TakedownRefused(refusal);
  if ('unreadable' in read) throw new TakedownRefused(`the record of ${read.unreadable.replace(/^code /, '')}`);
  return read.record;
}

/** The entry of a link's takedown form (lib/shorturls/link.ts), which refuses every spelling of it while it holds a takedown. */
const sameLinkEntry = (link: string) => linkEntryKey(linkKey(sameLinkOf(link)));

/**
 * Takes the code's link down in every spelling: its record, the takedown form's entry (which
 * refuses creating or importing the link again, however it is written), and every other record
 * of the same link, each naming the code (`sameAs`), so that enabling the code brings them all
 * back. Answers how many other records it took down.
 */
export async function disable(target: ShortUrlTable, code: string, takedown: Takedown): Promise<number> {
  const record = await recordUnder(target, code, `no short link has the code ${code}`);
  await updateIf(target, {
    Key: codeKey(code),
    UpdateExpression: 'SET disabled = :takedown',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':takedown': takedown },
  });
  await updateIf(target, {
    Key: sameLinkEntry(record.link),
    UpdateExpression: 'SET takedown = :mark',
    ExpressionAttributeValues: { ':mark': { ...takedown, code } },
  });
  const same = sameLinkOf(record.link);
  let others = 0;
  for (const other of await records(target)) {
    if (other.code === code || other.disabled !== undefined || sameLinkOf(other.link) !== same) continue;
    const made = await updateIf(target, {
      Key: codeKey(other.code),
      UpdateExpression: 'SET disabled = :takedown',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabled)',
      ExpressionAttributeValues: { ':takedown': { ...takedown, reason: `the same link as ${code}: ${takedown.reason}`, sameAs: code } },
    });
    if (made) others++;
  }
  return others;
}

/**
 * Undoes `disable`: the record, the takedown form's entry and the records taken down with it. A
 * record its host's block took down, or taken down with another code, is refused: unblock the
 * host, or enable that code. Answers how many other records it enabled.
 */
export async function enable(target: ShortUrlTable, code: string): Promise<number> {
  const refusal = `no short link with the code ${code} is disabled`;
  const { disabled, link } = await recordUnder(target, code, refusal);
  if (disabled === undefined) throw new TakedownRefused(refusal);
  const host = blockingHost(new URL(link).hostname, new Set((await blockedHosts(target)).keys()));
  if (host !== undefined) throw new TakedownRefused(`${code} leads to ${host}, which is blocked: unblock ${host} first`);
  if (disabled.sameAs !== undefined)
    throw new TakedownRefused(`${code} was taken down with ${disabled.sameAs}, the same link: enable ${disabled.sameAs}`);
  await updateIf(
    target,
    { Key: codeKey(code), UpdateExpression: 'REMOVE disabled', ConditionExpression: 'attribute_exists(disabled)' },
    refusal,
  );
  await updateIf(target, {
    Key: sameLinkEntry(link),
    UpdateExpression: 'REMOVE takedown',
    ConditionExpression: 'takedown.#code = :code',
    ExpressionAttributeNames: { '#code': 'code' },
    ExpressionAttributeValues: { ':code': code },
  });
  // An entry that held only the takedown goes (one left by an interruption here is no entry to a creation).
  await target.documents
    .send(
      new DeleteCommand({
        TableName: target.table,
        Key: sameLinkEntry(link),
        ConditionExpression: 'attribute_not_exists(#code) AND attribute_not_exists(takedown)',
        ExpressionAttributeNames: { '#code': 'code' },
      }),
    )
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
  let enabled = 0;
  for (const other of await records(target)) {
    if (other.disabled?.sameAs !== code) continue;
    const made = await updateIf(target, {
      Key: codeKey(other.code),
      UpdateExpression: 'REMOVE disabled',
      ConditionExpression: 'disabled.sameAs = :code',
      ExpressionAttributeValues: { ':code': code },
    });
    if (made) enabled++;
  }
  return enabled;
}
