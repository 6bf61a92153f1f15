/**
 * The whole repository type-checks in strict mode (tsconfig.json), as `npm run typecheck` does.
 * A test of its own rather than a step before jest, so that it shares the run's cores with the
 * other tests instead of running alone before them; jest's swc transform checks no types.
 */
import { spawnSync } from 'node:child_process';

jest.setTimeout(120_000);

test('tsc -p . reports no error', () => {
  const run = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.'], { encoding: 'utf8' });
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
});
