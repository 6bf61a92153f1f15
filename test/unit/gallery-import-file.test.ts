/**
 * The gallery importer's file and what it prints (infra/ops/gallery/importer.ts, progress.ts): lines read as
 * docs/import-format.md splits them, long files in pieces, the summary line and progress on a stream.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateGallery } from '../../infra/local/sample/generator';
import { fileLines, summaryLine } from '../../infra/ops/gallery/importer';
import { streamProgress } from '../../infra/ops/gallery/progress';
import { lineOf } from '../../infra/ops/gallery/records';
import { NOW } from '../support/gallery-import-samples';

describe('reading a file', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'import-lines-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const readAll = async (file: string, text: string | Buffer) => {
    writeFileSync(file, text);
    const lines: (string | null)[] = [];
    for await (const line of fileLines(file)) lines.push(line);
    return lines;
  };

  test('splits at LF only, drops the CR of CR LF, keeps U+2028 inside a line, and marks bytes that are not UTF-8', async () => {
    const raw = [Buffer.from('{"a":"x\u2028y\u2029z"}\r\n\n'), Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), Buffer.from('last line without LF')];
    const lines = await readAll(join(dir, 'lines.ndjson'), Buffer.concat(raw));
    expect(lines).toEqual(['{"a":"x\u2028y\u2029z"}', '', null, 'last line without LF']);
  });

  test('reads long files in pieces', async () => {
    const records = generateGallery({ now: NOW, photos: 500 }).map(lineOf);
    expect(await readAll(join(dir, 'long.ndjson'), `${records.join('\n')}\n`)).toEqual(records);
  });
});

test('the summary line says how many photos and comments were written and how many lines refused', () => {
  const summary = { lines: 5, photos: 3, comments: 1, unchanged: 0, counts: 0, refused: [{ line: 2, reason: 'x' }], seconds: 1 };
  expect(summaryLine(summary)).toBe('3 photos, 1 comment written, 1 line refused');
  expect(summaryLine({ ...summary, photos: 1, comments: 0, refused: [] })).toBe('1 photo, 0 comments written, 0 lines refused');
  expect(summaryLine({ ...summary, unchanged: 2 })).toBe('3 photos, 1 comment written (2 already in the table as given), 1 line refused');
});

test('progress on a stream that is not a terminal is a line at the start, one every interval, and one at the end', () => {
  const written: string[] = [];
  const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
  const progress = streamProgress(stream, 0);
  progress.start('Writing', 50);
  progress.advance(25);
  progress.advance(25);
  progress.finish();
  expect(written[0]).toBe('Writing: 50 to go\n');
  expect(written[1]).toMatch(/^Writing: 25\/50 \(50%\) after \d+\.\d s\n$/);
  expect(written[written.length - 1]).toMatch(/^Writing: 50\/50 \(100%\)/);
});
