/**
 * The whole repository type-checks in strict mode (tsconfig.json), as `npm run typecheck` does.
 * A test of its own rather than a step before jest, so that it shares the run's cores with the
 * other tests instead of running alone before them; jest's swc transform checks no types.
 * TypeScript 7, compiled to native code, checks the repository in a fraction of TypeScript 5's CPU.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

jest.setTimeout(120_000);

// TypeScript 7's package exports no path to its command: found beside its package.json.
const TSC = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');

test('tsc -p . reports no error', () => {
  const run = spawnSync(process.execPath, [TSC, '-p', '.'], { encoding: 'utf8' });
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
});
