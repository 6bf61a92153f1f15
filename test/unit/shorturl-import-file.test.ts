/**
 * A short-link import file as numbered lines (infra/ops/shorturls/reading.ts; docs/shorturls.md,
 * Import): a CSV record is named by the line it starts on, each \r\n, \n and \r one line break,
 * inside quotes too; a file without a single link is refused as a whole.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { readLinks, UnreadableFile } from '../../infra/ops/shorturls/reading';
import type { ShortLinkHost } from '../../lib/shorturls/hosts';

const HOST: ShortLinkHost = { origin: new URL('https://sho.rt'), aliases: new Set() };

let folder: string;
beforeAll(() => (folder = mkdtempSync(join(tmpdir(), 'shorturl-import-file-'))));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The lines `content` is read as, each with its number and its code or why it was refused. */
function linesOf(content: string) {
  const file = join(folder, `${randomUUID()}.csv`);
  writeFileSync(file, content);
  return readLinks(file, HOST).map((line) => ('link' in line ? { line: line.line, code: line.link.code } : line));
}

describe('a CSV record is named by the line it starts on', () => {
  test.each([
    ['\r\n', '\r\n'],
    ['\n', '\r\n'],
    ['\r', '\n'],
    ['\r\n', '\r'],
  ])('records ended by %j, with %j inside a quoted field and empty lines between', (end, inside) => {
    const text = [
      'code,link,title',
      `a,https://x.example/a,"one${inside}two${inside}three"`,
      '',
      'b,https://x.example/b,plain',
      `bad code,https://x.example/c,"four${inside}five"`,
      '',
      '',
      `d,https://x.example/d,"${inside}"`,
      'e,https://x.example/e,',
    ].join(end);
    expect(linesOf(text)).toEqual([
      { line: 2, code: 'a' },
      { line: 6, code: 'b' },
      { line: 7, refused: expect.stringMatching(/"code" must be/) },
      { line: 11, code: 'd' },
      { line: 13, code: 'e' },
    ]);
  });

  test('a byte-order mark and multi-byte characters before a record do not move it', () => {
    expect(linesOf(`\ufeffcode,link,title\r\n"é","https://x.example/é","日本\r\n語"\r\nb,https://x.example/b,\r\n`)).toEqual([
      { line: 2, refused: expect.stringMatching(/"code" must be/) },
      { line: 4, code: 'b' },
    ]);
  });

  // The oracle writes the file line by line, noting where each record starts.
  test('over random files, every record is named by the line it starts on', () => {
    const field = fc.array(fc.constantFrom('x', ',', '""', '\r\n', '\n', '\r', 'é'), { maxLength: 6 }).map((parts) => parts.join(''));
    const file = fc.record({
      end: fc.constantFrom('\r\n', '\n', '\r'),
      records: fc.array(fc.tuple(fc.nat(2), field), { minLength: 1, maxLength: 8 }),
    });
    fc.assert(
      fc.property(file, ({ end, records }) => {
        let text = `code,link,title${end}`;
        let line = 2;
        const expected = records.map(([emptyLines, title], index) => {
          text += end.repeat(emptyLines);
          line += emptyLines;
          const start = line;
          text += `c${index},https://x.example/${index},"${title}"${end}`;
          line += 1 + (title.match(/\r\n|\n|\r/g)?.length ?? 0);
          return { line: start, code: `c${index}` };
        });
        expect(linesOf(text)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

test.each([
  ['an empty file', ''],
  ['a byte-order mark alone', '\ufeff'],
  ['line breaks alone', '\r\n\n\r'],
  ['blanks alone', ' \t\r\n  \n'],
  ['a header alone', 'code,link'],
  ['a header and empty lines', '\ufeffcode,link\r\n\r\n\r\n'],
])('a file without a link is refused as a whole: %s', (_name, content) => {
  expect(() => linesOf(content)).toThrow(UnreadableFile);
  expect(() => linesOf(content)).toThrow(/ holds no short links/);
});

test('a CSV that cannot be parsed (a quote never closed) is refused as a whole, naming what csv-parse met, quoting nothing of it', () => {
  expect(() => linesOf('code,link\na,"https://x.example/a\nb,https://x.example/<b>\n')).toThrow(
    new UnreadableFile('the file cannot be read as CSV (CSV_QUOTE_NOT_CLOSED, stopped at line 3)'),
  );
});
