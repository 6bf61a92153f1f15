/**
 * Writes imported short links (./records.ts) into the short-URL table, so that each resolves as
 * a link the service made (docs/shorturls.md, Import):
 *   - a code already held by another link refuses its line; held by the same link, the line
 *     changes nothing (a second run, or a run after an interruption, adds nothing twice);
 *   - a record and the claim of its itemid are one transaction; the link's deduplication entry
 *     is written only when the link has none, so the first code imported for a link is the
 *     record creating that link returns; lines of one link are written in file order;
 *   - an itemid is kept when no other record holds it (its claim, `itemid#<n>`) and it is not
 *     one the service may have handed out before it claimed itemids (below `claimsFrom` on the
 *     itemid counter), else one is assigned; the counter is moved past every itemid of the file
 *     before anything is written, so that no itemid the service makes afterwards is below one.
 */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nowSeconds } from '../../lib/clock';
import { codeKey, ITEMID_COUNTER, itemIdKey, linkEntryKey, recordOf } from '../../lib/shorturls/layout';
import { linkKey } from '../../lib/shorturls/link';
import { inPool } from '../gallery/plan';
import { silentProgress, type Progress } from '../gallery/progress';
import type { ImportedLink } from './records';
import { cancellationReasons, conditionFailed } from '../../lib/db/failures';

export interface ShortUrlTable {
  readonly documents: DynamoDBDocumentClient;
  readonly table: string;
}

/** A line of the file: its number, and what it holds or why it is refused. */
export type NumberedLine = { readonly line: number } & ({ readonly link: ImportedLink } | { readonly refused: string });

export interface Refused {
  readonly line: number;
  readonly reason: string;
}

export interface LinkImportSummary {
  readonly lines: number;
  /** Records written. */
  readonly imported: number;
  /** Lines whose code already held their link: nothing written. */
  readonly unchanged: number;
  /** Of the records written, those given an itemid anew (theirs held, or none given). */
  readonly assigned: number;
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

/** The itemid counter made ready: `claimsFrom` set (once, ever) and `last` past every itemid of the file. */
async function prepareCounter(target: ShortUrlTable, highest: number): Promise<number> {
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

async function newItemId({ documents, table }: ShortUrlTable): Promise<number> {
  const { Attributes } = await documents.send(
    new UpdateCommand({
      TableName: table,
      Key: ITEMID_COUNTER,
      UpdateExpression: 'ADD #last :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes!.last);
}

type Written = 'imported' | 'assigned' | 'unchanged' | { readonly refused: string };

/**
 * Writes one line's record (and claim, and link entry). A line with an itemid of its own is
 * written at once, and the code read only when it is taken; one without is read first, so that a
 * run again does not spend a new itemid on a record already there.
 */
async function writeLink(target: ShortUrlTable, link: ImportedLink, claimsFrom: number): Promise<Written> {
  const { documents, table } = target;
  let itemid = link.itemid !== undefined && link.itemid >= claimsFrom ? link.itemid : undefined;
  let assigned = itemid === undefined;
  const existing = async () => {
    const { Item } = await documents.send(new GetCommand({ TableName: table, Key: codeKey(link.code), ConsistentRead: true }));
    return recordOf(Item);
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
  if (held !== undefined && held.link !== link.link) return { refused: `code ${link.code} is held by another link` };
  await documents
    .send(new PutCommand({ TableName: table, Item: { ...linkEntryKey(linkKey(link.link)), code: link.code }, ConditionExpression: absent }))
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
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
  const refused: Refused[] = [];
  // One link's lines, in file order: the first is the record creating the link returns.
  const byLink = new Map<string, Array<{ line: number; link: ImportedLink }>>();
  const codes = new Map<string, { line: number; link: string }>();
  let repeated = 0;
  for (const entry of lines) {
    if ('refused' in entry) {
      refused.push({ line: entry.line, reason: entry.refused });
      continue;
    }
    const earlier = codes.get(entry.link.code);
    if (earlier !== undefined && earlier.link !== entry.link.link) {
      refused.push({ line: entry.line, reason: `code ${entry.link.code} is on line ${earlier.line} with another link` });
      continue;
    }
    if (earlier !== undefined) {
      repeated++;
      continue;
    }
    if (await options.blocked?.(entry.link.link)) {
      refused.push({ line: entry.line, reason: "the link's host is blocked" });
      continue;
    }
    codes.set(entry.link.code, { line: entry.line, link: entry.link.link });
    byLink.set(entry.link.link, [...(byLink.get(entry.link.link) ?? []), { line: entry.line, link: entry.link }]);
  }
  const accepted = [...byLink.values()].flat();
  const claimsFrom = await prepareCounter(target, Math.max(0, ...accepted.map(({ link }) => link.itemid ?? 0)));
  // A line repeating an earlier one of the file changes nothing.
  const counts = { imported: 0, unchanged: repeated, assigned: 0 };
  progress.start('Short links', accepted.length);
  try {
    await inPool([...byLink.values()], options.concurrency ?? 16, async (group) => {
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
    refused: refused.sort((a, b) => a.line - b.line),
    seconds: (performance.now() - started) / 1000,
  };
}
