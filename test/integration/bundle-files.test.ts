/**
 * docs/performance.md, What is in a bundle: no function's bundle takes more than 30 of the
 * project's own files (functions/ and lib/), counted in esbuild's metafile of the build
 * `sam build` makes (infra/bundle/esbuild.ts), written nowhere.
 */
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/bundle/esbuild';
import { functionsOf } from '../../infra/template/functions';
import { loadTemplate } from '../../infra/template/read';

const OWN = /^(functions|lib)\//;

jest.setTimeout(30_000);
const FUNCTIONS = functionsOf(loadTemplate()).map((fn) => [fn.id, fn] as const);

test.each(FUNCTIONS)('%s bundles at most 30 files of functions/ and lib/', async (_id, fn) => {
  const result = await build({ ...esbuildOptions(fn.build, `/tmp/bundle-files/${fn.id}`), write: false });
  const own = Object.keys(result.metafile!.inputs).filter((input) => OWN.test(input));
  expect(own.length).toBeGreaterThan(0);
  expect(own.length).toBeLessThanOrEqual(30);
});
