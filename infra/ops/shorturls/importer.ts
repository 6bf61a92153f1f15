/**
 * Writes imported short links (./records.ts) into the short-URL table, so that each resolves as
 * a link the service made (docs/shorturls.md, Import):
 *   - a code already held by another link refuses its line; held by the same link, the line
 *     changes nothing (a second run, or a run after an interruption, adds nothing twice);
 *   - a record and the claim of its itemid are one transaction; the link's deduplication entry
 *     is written only when the link has none, so the first code imported for a link is the
 *     record creating that link returns; lines of one link are written in file order, and so are
 *     lines of several links that ask for one itemid;
 *   - an itemid is kept when no other record holds it (its claim, `itemid#<n>`) and it is not
 *     one the service may have handed out before it claimed itemids (below `claimsFrom` on the
 *     itemid counter), else one is assigned; the counter is moved past every itemid of the file
 *     before anything is written, so that no itemid the service makes afterwards is below one.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowSeconds } from '../../../lib/iso-time';
import { codeKey, itemIdKey, linkEntryKey, readRecord } from '../../../lib/shorturls/table';
import { linkKey, sameLinkOf } from '../../../lib/shorturls/link';
import type { ShortUrlRecord } from '../../../lib/shorturls/store';
import { inPool } from '../gallery/plan';
import { silentProgress, type Progress } from '../gallery/progress';
import { keptItemid, newItemId, prepareCounter } from './itemids';
import { listBlock } from './blocks';
import { planLinks, writeGroups, type NumberedLine, type Refused } from './import-plan';
import type { ImportedLink } from './records';
import type { ShortUrlTable } from './table';
import { cancellationReasons, conditionFailed } from '../../../lib/db/failures';

export interface LinkImportSummary {
  readonly lines: number;
  /** Records written. */
  readonly imported: number;
  /** Lines whose code already held their link: nothing written. */
  readonly unchanged: number;
  /** Of the records written, those given an itemid anew (theirs held, or none given). */
  readonly assigned: number;
  /** Blocked hosts added to the block list. */
  readonly blocks: number;
  readonly refused: readonly Refused[];
  readonly seconds: number;
}

export interface LinkImportOptions {
  readonly progress?: Progress;
  /** Whether a link is to a blocked host: such a line is refused, as a creation of it would be. */
  readonly blocked?: (link: string) => Promise<boolean>;
  /** Groups of lines (one link's) written at once. */
  readonly concurrency?: number;
}

const absent = 'attribute_not_exists(pk)';

/** The entry of a link's takedown form (lib/shorturls/link.ts): while it holds a takedown, no spelling of the link is imported. */
const sameLinkEntry = (link: string) => linkEntryKey(linkKey(sameLinkOf(link)));

/** A conditional update that changes nothing when its condition fails (what it would set is set already). */
async function updateUnlessHeld(
  { documents, table }: ShortUrlTable,
  Key: { pk: string },
  UpdateExpression: string,
  ConditionExpression: string,
  ExpressionAttributeValues: Record<string, unknown>,
): Promise<void> {
  await documents
    .send(new UpdateCommand({ TableName: table, Key, UpdateExpression, ConditionExpression, ExpressionAttributeValues }))
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
}

type Written = 'imported' | 'assigned' | 'unchanged' | { readonly refused: string };

/**
 * Writes one line's record (and claim, and link entry). A line with an itemid of its own is
 * written at once, and the code read only when it is taken; one without is read first, so that a
 * run again does not spend a new itemid on a record already there.
 */
async function writeLink(target: ShortUrlTable, link: ImportedLink, claimsFrom: number): Promise<Written> {
  const { documents, table } = target;
  if (link.disabled === undefined) {
    const { Item } = await documents.send(new GetCommand({ TableName: table, Key: sameLinkEntry(link.link), ConsistentRead: true }));
    if (Item?.takedown !== undefined)
      return { refused: `the link is taken down (code ${String(Item.takedown.code)}), in this or another spelling` };
  }
  let itemid = keptItemid(link, claimsFrom);
  let assigned = itemid === undefined;
  const existing = async (): Promise<ShortUrlRecord | 'unreadable' | undefined> => {
    const { Item } = await documents.send(new GetCommand({ TableName: table, Key: codeKey(link.code), ConsistentRead: true }));
    const read = readRecord(Item);
    return read === undefined ? undefined : 'record' in read ? read.record : 'unreadable';
  };
  let held = itemid === undefined ? await existing() : undefined;
  while (held === undefined) {
    itemid ??= await newItemId(target);
    try {
      await documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table,
                Item: { ...codeKey(link.code), ...link, itemid, imported: nowSeconds() },
                ConditionExpression: absent,
              },
            },
            { Put: { TableName: table, Item: { ...itemIdKey(itemid), code: link.code }, ConditionExpression: absent } },
          ],
        }),
      );
      break;
    } catch (error) {
      const [codeReason, itemIdReason] = cancellationReasons(error);
      if (codeReason === 'ConditionalCheckFailed') held = await existing();
      else if (itemIdReason === 'ConditionalCheckFailed') {
        // Another record holds it.
        itemid = undefined;
        assigned = true;
      } else throw error;
    }
  }
  if (held === 'unreadable') return { refused: `code ${link.code} is held by a record that cannot be read` };
  if (held !== undefined && held.link !== link.link) return { refused: `code ${link.code} is held by another link` };
  // The entry may hold the link's takedown already (an entry of its takedown form): set beside it.
  await updateUnlessHeld(target, linkEntryKey(linkKey(link.link)), 'SET code = :code', 'attribute_not_exists(code)', {
    ':code': link.code,
  });
  if (link.disabled !== undefined && link.disabled.host === undefined && link.disabled.sameAs === undefined)
    await updateUnlessHeld(target, sameLinkEntry(link.link), 'SET takedown = :mark', 'attribute_not_exists(takedown)', {
      ':mark': { ...link.disabled, code: link.code },
    });
  return held !== undefined ? 'unchanged' : assigned ? 'assigned' : 'imported';
}

/** Imports the lines (numbered as in the file); the refused ones, and the lines of a code held by another, are reported. */
export async function importLinks(
  target: ShortUrlTable,
  lines: readonly NumberedLine[],
  options: LinkImportOptions = {},
): Promise<LinkImportSummary> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  // Blocked hosts first, as the export writes them: no live link to one goes in after.
  let blocks = 0;
  for (const entry of lines)
    if ('block' in entry && (await listBlock(target, entry.block.host, entry.block.takedown, { kept: true }))) blocks++;
  const { byLink, refused, repeated } = await planLinks(lines, options.blocked);
  const accepted = [...byLink.values()].flat();
  const claimsFrom = await prepareCounter(target, Math.max(0, ...accepted.map(({ link }) => keptItemid(link, 0) ?? 0)));
  // A line repeating an earlier one of the file changes nothing.
  const counts = { imported: 0, unchanged: repeated, assigned: 0 };
  progress.start('Short links', accepted.length);
  try {
    await inPool(writeGroups([...byLink.values()]), options.concurrency ?? 16, async (group) => {
      for (const { line, link } of group) {
        const written = await writeLink(target, link, claimsFrom);
        if (typeof written === 'object') refused.push({ line, reason: written.refused });
        else if (written === 'unchanged') counts.unchanged++;
        else {
          counts.imported++;
          if (written === 'assigned') counts.assigned++;
        }
        progress.advance(1);
      }
    });
  } finally {
    progress.finish();
  }
  return {
    lines: lines.length,
    ...counts,
    blocks,
    refused: refused.sort((a, b) => a.line - b.line),
    seconds: (performance.now() - started) / 1000,
  };
}
