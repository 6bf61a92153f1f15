/**
 * The gallery importer (docs/import-format.md): reads NDJSON lines, checks each (./records.ts)
 * and all together against the table (./plan.ts), then writes what is new or changed, with the
 * counters and counts it adds to, in transactions (./writer.ts). A refused line writes nothing;
 * the others are written all the same. `npm run import` (infra/ops/gallery/main.ts) and `npm run seed`
 * both come through here.
 */
import { createReadStream } from 'node:fs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { planImport, type GalleryLookup, type Refused } from './plan';
import { parseLine, type ParsedLine } from './records';
import { silentProgress, type Progress } from './progress';
import { DynamoGalleryLookup, type RetryOptions } from './table';
import { writeChanges } from './writer';

export interface ImportOptions {
  readonly progress?: Progress;
  /** Told the refused lines once they are known, before anything is written. */
  readonly onRefused?: (refused: readonly Refused[]) => void;
  /** The table as the plan sees it; DynamoDB's by default. */
  readonly lookup?: GalleryLookup;
  readonly retry?: RetryOptions;
}

export interface ImportSummary {
  /** Non-blank lines read. */
  readonly lines: number;
  /** Accepted records of the file (written, or already in the table as the file gives them). */
  readonly photos: number;
  readonly comments: number;
  /** Of those, how many the table already held as the file gives them: nothing was written for them. */
  readonly unchanged: number;
  /** Photos and comments of the table, not in the file, whose counts the file's new comments added to. */
  readonly counts: number;
  readonly refused: readonly Refused[];
  readonly seconds: number;
}

/** A line of bytes as text: without its CR, or null when it is not UTF-8. */
const decoder = new TextDecoder('utf-8', { fatal: true });
function decode(bytes: Uint8Array): string | null {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
  try {
    return decoder.decode(bytes.subarray(0, end));
  } catch {
    return null;
  }
}

/**
 * The lines of a file, split at LF only (CR LF is fine too): U+2028 and U+2029 may stand raw
 * inside a JSON string. A line that is not UTF-8 comes as null.
 */
export async function* fileLines(path: string): AsyncGenerator<string | null> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const data = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
    let start = 0;
    for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, start)) {
      yield decode(data.subarray(start, end));
      start = end + 1;
    }
    rest = data.subarray(start);
  }
  if (rest.length > 0) yield decode(rest);
}

export async function importLines(
  lines: Iterable<string | null> | AsyncIterable<string | null>,
  client: DynamoDBDocumentClient,
  table: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const parsed: (ParsedLine | undefined)[] = [];
  for await (const line of lines) {
    if (line === null) parsed.push({ ok: false, reason: 'not UTF-8' });
    else parsed.push(line.trim() === '' ? undefined : parseLine(line));
  }
  const read = parsed.filter((line) => line !== undefined).length;
  progress.note(`Read ${read} records; checking them against ${table}`);

  const lookup = options.lookup ?? new DynamoGalleryLookup(client, table, { retry: options.retry });
  const plan = await planImport(parsed, lookup);
  options.onRefused?.(plan.refused);

  if (plan.changes.length > 0) {
    progress.start('Writing', plan.changes.length);
    try {
      await writeChanges(client, table, plan.changes, { retry: options.retry, onWritten: (count: number) => progress.advance(count) });
    } finally {
      progress.finish();
    }
  }
  return {
    lines: read,
    photos: plan.photos.length,
    comments: plan.comments.length,
    unchanged: plan.unchanged,
    counts: plan.countsOutside,
    refused: plan.refused,
    seconds: (performance.now() - started) / 1000,
  };
}

export const importFile = (
  path: string,
  client: DynamoDBDocumentClient,
  table: string,
  options: ImportOptions = {},
): Promise<ImportSummary> => importLines(fileLines(path), client, table, options);

/** The summary line both commands end with. */
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The summary line both commands end with: "N photos, M comments written (U unchanged), K lines refused". */
export const summaryLine = (summary: ImportSummary): string =>
  `${counted(summary.photos, 'photo')}, ${counted(summary.comments, 'comment')} written` +
  `${summary.unchanged > 0 ? ` (${summary.unchanged} already in the table as given)` : ''}, ${counted(summary.refused.length, 'line')} refused`;
