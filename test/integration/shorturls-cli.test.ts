/**
 * `npm run shorturls` itself, run as the operator runs it, on a table of its own (docs/shorturls.md):
 * exit codes, refusals, and the audit: every action, refused ones included with why, kept as
 * typed and listed one a line, with what was typed escaped so that it can end no field or line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntries } from '../../infra/ops/shorturls/audit';
import { documentClient } from '../../lib/db/client';
import { runScript } from '../support/command';
import { ownTables } from '../support/own-table';
import { runToEnd } from '../support/run-to-end';
import { SHORT_URL_HOST } from '../support/short-url-host';

jest.setTimeout(120_000);

const tables = ownTables('ShortUrlsTable');
const folder = mkdtempSync(join(tmpdir(), 'shorturls-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let table: string;
beforeAll(async () => ({ table } = await tables.create('cli')));
const run = (...args: string[]) => runToEnd(runScript('shorturls', args, { ...process.env, SHORT_URLS_TABLE: table, SHORT_URL_HOST }));
const entries = () => auditEntries({ documents: documentClient, table });
/** The audit's lines, as `npm run shorturls -- audit` prints them. */
async function auditLines(): Promise<string[]> {
  const listed = await run('audit');
  expect(listed.code).toBe(0);
  return listed.stdout.replace(/\n$/, '').split('\n');
}

test('import: refused lines as FILE:LINE: reason and exit code 1; all taken, 0; a file it cannot read, 2', async () => {
  const file = join(folder, 'links.ndjson');
  writeFileSync(file, `${JSON.stringify({ code: 'cli-a', link: 'https://cli.test/a' })}\n{"code":\n`);
  const first = await run('import', file);
  expect(first.code).toBe(1);
  expect(first.lines).toContain(`${file}:2: not JSON`);
  expect(first.stdout).toMatch(/^1 imported \(1 given a new itemid\), 0 already there, 1 lines refused/);
  writeFileSync(file, `${JSON.stringify({ code: 'cli-a', link: 'https://cli.test/a' })}\n`);
  expect((await run('import', file)).code).toBe(0);
  const missing = await run('import', join(folder, 'none.csv'));
  expect(missing.code).toBe(2);
  expect(missing.lines.at(-1)).toMatch(/^shorturls import failed: /);
});

test('disable and block need a reason; an unknown code, a host not blocked, or a bad host name are refused with exit code 2', async () => {
  expect(await run('disable', 'cli-a')).toMatchObject({
    code: 2,
    lines: ['shorturls disable refused: disable needs --reason TEXT: the audit keeps why'],
  });
  expect(await run('block', 'cli.test')).toMatchObject({ code: 2 });
  expect((await run('disable', 'no-such-code', '--reason', 'x')).lines.at(-1)).toBe(
    'shorturls disable refused: no short link has the code no-such-code',
  );
  expect((await run('unblock', 'never.test')).lines.at(-1)).toBe('shorturls unblock refused: never.test is not blocked');
  expect((await run('block', 'https://x.test/path', '--reason', 'x')).code).toBe(2);
  expect((await run('frobnicate')).code).toBe(2);
});

test('every action is in the audit, refused ones with why, with its time, reason, outcome and who did it', async () => {
  expect((await run('disable', 'cli-a', '--reason', 'reported as spam')).code).toBe(0);
  expect((await run('enable', 'cli-a')).code).toBe(0);
  expect((await run('block', 'Spam.Example', '--reason', 'spam farm')).code).toBe(0);
  expect((await run('unblock', 'spam.example')).code).toBe(0);
  const kept = await entries();
  expect(kept.map(({ action, target, reason, outcome }) => [action, target, reason, outcome.replace(/:.*/s, '')])).toEqual([
    ['import', expect.stringMatching(/links\.ndjson$/), undefined, expect.stringMatching(/^1 imported/)],
    ['import', expect.stringMatching(/links\.ndjson$/), undefined, expect.stringMatching(/^0 imported/)],
    ['import', expect.stringMatching(/none\.csv$/), undefined, 'failed'],
    ['disable', 'cli-a', undefined, 'refused'],
    ['block', 'cli.test', undefined, 'refused'],
    ['disable', 'no-such-code', 'x', 'refused'],
    ['unblock', 'never.test', undefined, 'refused'],
    ['block', 'https://x.test/path', 'x', 'refused'],
    ['disable', 'cli-a', 'reported as spam', 'cli-a disabled'],
    ['enable', 'cli-a', undefined, 'cli-a enabled again'],
    ['block', 'spam.example', 'spam farm', 'spam.example blocked; 0 short links to it disabled'],
    ['unblock', 'spam.example', undefined, 'spam.example unblocked; 0 short links to it enabled again'],
  ]);
  expect(kept.find((entry) => entry.target === 'no-such-code')?.outcome).toBe('refused: no short link has the code no-such-code');
  for (const entry of kept) {
    expect(entry.who).toMatch(/ \(local\)$/);
    expect(entry.at).toBeGreaterThan(1_790_000_000);
  }
  const lines = await auditLines();
  expect(lines).toHaveLength(kept.length);
  expect(lines).toContainEqual(expect.stringContaining('\tdisable\tcli-a\treported as spam\tcli-a disabled'));
});

test('what an operator types is kept as given and shown escaped: a reason cannot forge a second line or a field', async () => {
  const forged = 'spam\n2026-01-01T00:00:00.000Z\tmallory (local)\tenable\tcli-a\t-\tcli-a enabled again';
  const sneaky = 'a\\tb\u202e\u2028c\u0007';
  expect((await run('disable', 'cli-a', '--reason', forged)).code).toBe(0);
  expect((await run('block', 'evil.example', '--reason', sneaky)).code).toBe(0);
  const kept = await entries();
  expect(kept.at(-2)?.reason).toBe(forged);
  expect(kept.at(-1)?.reason).toBe(sneaky);
  const lines = await auditLines();
  expect(lines).toHaveLength(kept.length);
  // Every line has its six fields, whatever was typed.
  for (const line of lines) expect(line.split('\t')).toHaveLength(6);
  expect(lines.at(-2)!.split('\t')[4]).toBe('spam\\n2026-01-01T00:00:00.000Z\\tmallory (local)\\tenable\\tcli-a\\t-\\tcli-a enabled again');
  expect(lines.at(-1)!.split('\t')[4]).toBe('a\\\\tb\\u{202E}\\u{2028}c\\u{7}');
});

test('a reason past 2 000 characters is refused, and the refusal kept with its start; a code that is none is refused as typed', async () => {
  const long = 'r'.repeat(2_001);
  const refused = await run('disable', 'cli-a', '--reason', long);
  expect(refused.code).toBe(2);
  expect(refused.lines.at(-1)).toBe('shorturls disable refused: --reason takes at most 2000 characters, not 2001');
  expect((await run('disable', 'cli-a', '--reason', 'r'.repeat(2_000))).code).toBe(0);
  expect((await run('enable', 'bad code\n', '--reason', 'x')).code).toBe(2);
  const kept = await entries();
  expect(kept.slice(-3)).toMatchObject([
    { action: 'disable', reason: `${'r'.repeat(2_000)}… (2001 characters)`, outcome: expect.stringMatching(/^refused: /) },
    { action: 'disable', reason: 'r'.repeat(2_000), outcome: expect.stringMatching(/^cli-a disabled/) },
    { action: 'enable', target: 'bad code\n', outcome: expect.stringMatching(/^refused: give a short link's code/) },
  ]);
  expect((await auditLines()).at(-1)).toContain('\tenable\tbad code\\n\t');
});

test('check: a whole table, exit code 0', async () => {
  expect(await run('check')).toMatchObject({ code: 0, stdout: `1 short links in ${table}: 0 problems\n` });
});

test('export: a record it cannot read is left out and named, exit code 1; the others are written', async () => {
  const Item = { pk: 'code#unreadable', code: 'unreadable', link: 'not a url', itemid: 9 };
  await documentClient.send(new PutCommand({ TableName: table, Item }));
  const file = join(folder, 'export.ndjson');
  const exported = await run('export', file);
  expect(exported.code).toBe(1);
  expect(exported.lines).toContain('left out, unreadable: code unreadable: its link is not an http(s) URL');
  expect(exported.stdout).toMatch(/^\d+ short links written to .*; 1 records left out\n$/);
  expect(readFileSync(file, 'utf8')).toContain('"code":"cli-a"');
});

test('check: a record without its entry and claim is named, exit code 1', async () => {
  const checked = await run('check');
  expect(checked.code).toBe(1);
  expect(checked.lines).toContain('record unreadable (not a url) has no deduplication entry pointing to it');
  expect(checked.lines).toContain('record unreadable has itemid 9, which no claim gives it');
  expect(checked.lines).toContain("record unreadable has itemid 9, past the counter's 1");
  expect(checked.stdout).toBe(`2 short links in ${table}: 3 problems\n`);
});
