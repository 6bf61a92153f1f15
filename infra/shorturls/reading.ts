/**
 * An import file as numbered lines: NDJSON (its first character that is not blank is `{`) or
 * CSV with a header row (anything else; csv-parse reads it: quoted fields, embedded commas and
 * line breaks, a byte-order mark). The file must be UTF-8 as a whole; a line is refused on its
 * own (./records.ts).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { ShortLinkHost } from '../../lib/shorturls/short-host';
import type { NumberedLine } from './importer';
import { csvColumns, csvLink, type ImportedLink, ndjsonLink, RefusedLine } from './records';

/** The file cannot be read as a whole: not UTF-8, a CSV without a code or link column. */
export class UnreadableFile extends Error {
  override readonly name = 'UnreadableFile';
}

function numbered(line: number, read: () => ImportedLink): NumberedLine {
  try {
    return { line, link: read() };
  } catch (error) {
    if (error instanceof RefusedLine) return { line, refused: error.message };
    throw error;
  }
}

export function readLinks(file: string, shortHost: ShortLinkHost): NumberedLine[] {
  const bytes = readFileSync(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableFile(`${file} is not UTF-8 text`);
  }
  if (text.trimStart().startsWith('{')) {
    return text.split('\n').flatMap((raw, index) => {
      const line = raw.replace(/\r$/, '');
      return line.trim() === '' ? [] : [numbered(index + 1, () => ndjsonLink(line, shortHost))];
    });
  }
  const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as Array<{
    record: string[];
    info: { lines: number };
  }>;
  if (rows.length === 0) return [];
  let columns: ReturnType<typeof csvColumns>;
  try {
    columns = csvColumns(rows[0]!.record);
  } catch (error) {
    throw new UnreadableFile((error as Error).message);
  }
  return rows.slice(1).map(({ record, info }) => numbered(info.lines, () => csvLink(record, columns, shortHost)));
}
