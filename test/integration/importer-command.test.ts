/**
 * `npm run import -- FILE` (docs/import-format.md, Running it), bundled as its script runs it: the refused lines and the
 * summary it prints, and its exit codes (0 every line taken, 1 a line refused, 2 no file).
 */
import { join } from 'node:path';
import { runScript } from '../support/command';
import { comment, fresh, importFiles, photo } from '../support/importer-fixtures';
import { runToEnd } from '../support/run-to-end';

jest.setTimeout(60_000);

const { dir, file } = importFiles();

describe('npm run import', () => {
  /** `npm run import -- FILE`, bundled (../support/command.ts): its exit code, stderr and stdout. */
  const npmImport = async (path: string) => {
    const { code, lines, stdout } = await runToEnd(runScript('import', [path], process.env));
    return { status: code, stderr: lines.join('\n'), stdout };
  };

  test('prints the refused lines and the summary, and exits 1 when a line was refused', async () => {
    const ids = fresh();
    const path = file('cli', [photo(ids, 1), comment(ids, 1, 1, null), { type: 'comment', id: ids.comment(2) }, comment(ids, 3, 1, 1)]);
    const run = await npmImport(path);
    expect(run.stderr).toContain(`${path}:3: missing field "photo"`);
    expect(run.stdout).toMatch(/^1 photo, 2 comments written, 1 line refused in \d+\.\d s\n$/);
    expect(run.status).toBe(1);
  }, 60_000);

  test('exits 0 when every line was taken, and 2 without a file', async () => {
    const ids = fresh();
    const good = await npmImport(file('cli-good', [photo(ids, 1)]));
    expect(good.stdout).toMatch(/^1 photo, 0 comments written, 0 lines refused/);
    expect(good.status).toBe(0);
    const missing = await npmImport(join(dir, 'nope.ndjson'));
    expect(missing.stderr).toMatch(/import failed: .*nope\.ndjson/);
    expect(missing.status).toBe(2);
  }, 60_000);
});
