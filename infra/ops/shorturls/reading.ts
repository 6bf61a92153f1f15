/**
 * An import file as numbered lines: NDJSON (its first character that is not blank is `{`) or
 * CSV with a header row (anything else; csv-parse reads it: quoted fields, embedded commas and
 * line breaks). The file must be UTF-8 as a whole (a byte-order mark is dropped) and hold at least
 * one link; a line is refused on its own (./records.ts), named by the line it starts on.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { ShortLinkHost } from '../../../lib/shorturls/hosts';
import type { NumberedLine } from './import-plan';
import { csvColumns, csvLink } from './csv-records';
import { ndjsonLink } from './ndjson-records';
import { type ImportedBlock, type ImportedLink, RefusedLine } from './records';

/** The file cannot be read as a whole: not UTF-8, no link in it, a CSV without a code or link column. */
export class UnreadableFile extends Error {
  override readonly name = 'UnreadableFile';
}

function numbered(line: number, read: () => ImportedLink | ImportedBlock): NumberedLine {
  try {
    const value = read();
    return 'takedown' in value ? { line, block: value } : { line, link: value };
  } catch (error) {
    if (error instanceof RefusedLine) return { line, refused: error.message };
    throw error;
  }
}

const CR = 0x0d;
const LF = 0x0a;

/** How many bytes the line break at `offset` takes: \r\n, \n and \r are one break each; 0 when there is none. */
const breakAt = (bytes: Uint8Array, offset: number): number =>
  bytes[offset] === CR ? (bytes[offset + 1] === LF ? 2 : 1) : bytes[offset] === LF ? 1 : 0;

/**
 * The line each CSV record starts on, from where each ends (csv-parse's `info.bytes`, in file
 * order): past the empty lines it skipped before it. csv-parse's own `info.lines` is where a record
 * ends, and counts a \r\n inside quotes as two.
 */
function startLines(bytes: Uint8Array, ends: readonly number[]): number[] {
  let offset = 0;
  let line = 1;
  return ends.map((end) => {
    for (let width = breakAt(bytes, offset); width > 0 && offset < end; width = breakAt(bytes, offset)) {
      offset += width;
      line += 1;
    }
    const start = line;
    while (offset < end) {
      const width = breakAt(bytes, offset);
      offset += Math.max(width, 1);
      if (width > 0) line += 1;
    }
    return start;
  });
}

/** NDJSON: one object a line, lines ended by \n (a \r before it dropped), blank lines skipped. */
function ndjsonLines(text: string, shortHost: ShortLinkHost): NumberedLine[] {
  return text.split('\n').flatMap((raw, index) => {
    const line = raw.replace(/\r$/, '');
    return line.trim() === '' ? [] : [numbered(index + 1, () => ndjsonLink(line, shortHost))];
  });
}

function csvLines(text: string, shortHost: ShortLinkHost): NumberedLine[] {
  let rows: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof rows;
  } catch (error) {
    // csv-parse names what it met (CSV_QUOTE_NOT_CLOSED, …) and where; its message may quote the file.
    const { code, lines } = error as { code?: unknown; lines?: unknown };
    throw new UnreadableFile(
      `the file cannot be read as CSV (${String(code ?? 'unknown')}${typeof lines === 'number' ? `, stopped at line ${lines}` : ''})`,
    );
  }
  if (rows.length === 0) return [];
  let columns: ReturnType<typeof csvColumns>;
  try {
    columns = csvColumns(rows[0]!.record);
  } catch (error) {
    throw new UnreadableFile((error as Error).message);
  }
  const starts = startLines(
    Buffer.from(text),
    rows.map(({ info }) => info.bytes),
  );
  return rows.slice(1).map(({ record }, index) => numbered(starts[index + 1]!, () => csvLink(record, columns, shortHost)));
}

export function readLinks(file: string, shortHost: ShortLinkHost): NumberedLine[] {
  const bytes = readFileSync(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableFile(`${file} is not UTF-8 text`);
  }
  const lines = text.trim() === '' ? [] : text.trimStart().startsWith('{') ? ndjsonLines(text, shortHost) : csvLines(text, shortHost);
  // An empty file, or a header alone, is more likely the wrong file than nothing to carry over.
  if (lines.length === 0) throw new UnreadableFile(`${file} holds no short links: neither NDJSON lines nor CSV rows under a header`);
  return lines;
}
