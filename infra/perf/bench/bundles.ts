/** The bundles measured, built into a scratch folder (tests may rebuild .aws-sam/build meanwhile): the functions as `sam build` builds them, the floors alike. */
import { copyFile, mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';
import { type BuiltFunction, buildFunctions, esbuildOptions, sizesOf } from '../../bundle/esbuild';
import type { FunctionDefinition } from '../../template/functions';
import { functions, LOOKUP, routeOf } from './project';

export type Bundle = Pick<BuiltFunction, 'file' | 'bytes' | 'gzipBytes' | 'metafile'>;

export interface Bundles {
  readonly built: readonly BuiltFunction[];
  readonly staticFloor: Bundle;
  readonly databaseFloor: Bundle;
}

export async function buildFloor(dir: string, like: FunctionDefinition, name: string, define?: Record<string, string>): Promise<Bundle> {
  const entry = `infra/perf/bench/yardsticks/${name}.ts`;
  const result = await build({ ...esbuildOptions({ ...like.build, EntryPoints: [entry] }, dir), define });
  const file = join(dir, `${name}.mjs`);
  return { file, ...(await sizesOf(file)), metafile: result.metafile! };
}

export async function buildBundles(scratch: string): Promise<Bundles> {
  const built = await Promise.all(
    (await buildFunctions(functions)).map(async (b) => {
      const file = join(scratch, b.id, basename(b.file));
      await mkdir(dirname(file), { recursive: true });
      await copyFile(b.file, file);
      return { ...b, file };
    }),
  );
  const [staticFloor, databaseFloor] = await Promise.all([
    buildFloor(scratch, functions[0]!, 'static-floor'),
    buildFloor(scratch, routeOf(LOOKUP).fn, 'database-floor'),
  ]);
  return { built, staticFloor, databaseFloor };
}
