/**
 * The bundles the bench measures, built into a scratch folder (the tests and `npm run build`
 * may rebuild .aws-sam/build meanwhile): every function as `sam build` builds it, and the
 * yardsticks with a function's settings (../yardsticks/).
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { buildFunctions, esbuildOptions, sizesOf, type BuiltFunction } from '../../../bundle/esbuild';
import type { FunctionDefinition } from '../../../template/functions';
import { definitionOf, functions, LOOKUP } from '../setup/project';
import type { RequestScript } from '../yardsticks/request-script';

export interface Yardstick {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly metafile: Metafile;
}

export interface Bundles {
  readonly built: readonly BuiltFunction[];
  /** Bundled as the first function is. */
  readonly baseline: Yardstick;
  /** The required parts and the XML library, bundled as the first function is. */
  readonly staticFloor: Yardstick;
  /** The required parts and the document client, bundled as the short-URL lookup is. */
  readonly databaseFloor: Yardstick;
}

/** Bundles a bench entry with the same settings as `like`, and `define`'s constants. */
async function buildYardstick(dir: string, like: FunctionDefinition, entry: string, define?: Record<string, string>): Promise<Yardstick> {
  const result = await build({ ...esbuildOptions({ ...like.build, EntryPoints: [entry] }, dir), define });
  const file = join(dir, `${basename(entry, '.ts')}.mjs`);
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
  const [baseline, staticFloor, databaseFloor] = await Promise.all([
    buildYardstick(scratch, functions[0]!, 'infra/perf/bench/yardsticks/baseline.ts'),
    buildYardstick(scratch, functions[0]!, 'infra/perf/bench/yardsticks/static-floor.ts'),
    buildYardstick(scratch, definitionOf(LOOKUP), 'infra/perf/bench/yardsticks/database-floor.ts'),
  ]);
  return { built, baseline, staticFloor, databaseFloor };
}

/** A request floor (../yardsticks/request-floor.ts) replaying `script`, bundled as DatabaseFloor is, into its own folder. */
export const buildRequestFloor = (dir: string, script: RequestScript): Promise<Yardstick> =>
  buildYardstick(dir, definitionOf(LOOKUP), 'infra/perf/bench/yardsticks/request-floor.ts', { REQUEST_SCRIPT: JSON.stringify(script) });
