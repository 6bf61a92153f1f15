/**
 * cfn-lint on both templates: no error, no warning, no informational finding; and on a broken copy
 * of template.yaml, which it reports by rule and resource (../support/cfn-lint.ts). One cfn-lint run
 * for the three files, as each run costs seconds of Python; it names each finding's file.
 */
import type { SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cfnLint } from '../support/cfn-lint';

jest.setTimeout(60_000);

const TEMPLATES = ['template.yaml', 'infra/bootstrap/template.yaml'];
let broken: string;
let run: SpawnSyncReturns<string>;

beforeAll(() => {
  const directory = mkdtempSync(join(tmpdir(), 'cfn-lint-'));
  try {
    broken = join(directory, 'template.yaml');
    // A property the dashboard does not have, references to nothing, a memory size Lambda refuses:
    // checks of cfn-lint's that the direct tests of the template (template-*.test.ts) leave to it.
    const text = readFileSync('template.yaml', 'utf8')
      .replace('      DashboardName: !Sub', '      DashboardTitle: x\n      DashboardName: !Sub')
      .replace('SHORT_URLS_TABLE: !Ref ShortUrlsTable', 'SHORT_URLS_TABLE: !Ref ShortUrlTable')
      .replace('LogGroup: !Ref GalleryPhotoLogGroup', 'LogGroup: !Ref GalleryPhotoLogGroupGone')
      .replace('    MemorySize: 1769', '    MemorySize: 100');
    writeFileSync(broken, text);
    run = cfnLint(['--format', 'parseable', '--', ...TEMPLATES, broken]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}, 60_000);

const lines = () => run.stdout.split('\n').filter(Boolean);
/** What cfn-lint printed of `file`: its findings (`file:line:column:…:rule:message`), or else its complaint. */
const printedOf = (file: string) => ({ findings: lines().filter((line) => line.startsWith(`${file}:`)), stderr: run.stderr });
/** Lines that are no finding of a file it was given. */
const unattributed = () => lines().filter((line) => ![...TEMPLATES, broken].some((file) => line.startsWith(`${file}:`)));

test.each(TEMPLATES)('cfn-lint finds nothing in %s', (file) => {
  expect(printedOf(file)).toEqual({ findings: [], stderr: '' });
  expect(unattributed()).toEqual([]);
});

test('cfn-lint reports a broken copy of template.yaml, by rule and resource', () => {
  expect(printedOf(broken).findings).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/:E3002:.*DashboardTitle/),
      expect.stringMatching(/:E\d+:.*ShortUrlTable/),
      expect.stringMatching(/:E1020:.*GalleryPhotoLogGroupGone/),
      expect.stringMatching(/:E3034:100 is less than the minimum of 128/),
    ]),
  );
  // Its exit status says errors were found (2), and no warning (4) or informational finding (8).
  expect(run.status).toBe(2);
});
