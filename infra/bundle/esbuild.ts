/**
 * Bundles every function of template.yaml the way `sam build` does with `BuildMethod: esbuild`,
 * from the settings its `BuildProperties` declare, into `.aws-sam/build/<LogicalId>/<handler file>`.
 * Used by `npm run build` (infra/build/main.ts), the benchmarks and the tests.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { loadTemplate, PROJECT_ROOT } from '../template/read';
import { functionsOf, type BuildProperties, type FunctionDefinition } from '../template/functions';

const BUILD_DIR = resolve(PROJECT_ROOT, '.aws-sam', 'build');

export interface BuiltFunction {
  /** Logical id in the template, e.g. ErrorsFunction. */
  readonly id: string;
  readonly definition: FunctionDefinition;
  /** Absolute path of the bundle, e.g. `.aws-sam/build/ErrorsFunction/errors.mjs`. */
  readonly file: string;
  readonly bytes: number;
  /** The bundle compressed with gzip at level 9. */
  readonly gzipBytes: number;
  /** esbuild's metafile: which inputs the bundle holds, and how many bytes each contributes. */
  readonly metafile: Metafile;
}

/** SAM's `['key=value', ...]` lists (OutExtension, Alias) as an esbuild record. */
function keyValues(items: readonly string[] | undefined, option: string): Record<string, string> | undefined {
  if (items === undefined) return undefined;
  const record: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new Error(`${option}: expected key=value, got ${JSON.stringify(item)}`);
    record[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return record;
}

/** The esbuild options `sam build` derives from a function's BuildProperties. */
export function esbuildOptions(build: BuildProperties, outdir: string): BuildOptions {
  const known = new Set(['Format', 'OutExtension', 'Platform', 'Target', 'MainFields', 'Minify', 'Sourcemap', 'Alias', 'EntryPoints']);
  const unknown = Object.keys(build).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`BuildProperties not supported by infra/bundle/esbuild.ts: ${unknown.join(', ')}`);
  const options: BuildOptions = {
    absWorkingDir: PROJECT_ROOT, // CodeUri: ./
    entryPoints: [...build.EntryPoints],
    bundle: true,
    outdir,
    metafile: true,
    write: true,
    logLevel: 'warning', // warnings are printed as warnings; only errors fail the build
  };
  if (build.Format !== undefined) options.format = build.Format;
  if (build.Platform !== undefined) options.platform = build.Platform;
  if (build.Target !== undefined) options.target = build.Target;
  if (build.MainFields !== undefined) options.mainFields = build.MainFields.split(',').map((field) => field.trim());
  if (build.Minify !== undefined) options.minify = build.Minify;
  if (build.Sourcemap !== undefined) options.sourcemap = build.Sourcemap;
  const outExtension = keyValues(build.OutExtension, 'OutExtension');
  if (outExtension !== undefined) options.outExtension = outExtension;
  // Relative targets resolve in the working directory, the project root here as the source folder under `sam build`.
  const alias = keyValues(build.Alias, 'Alias');
  if (alias !== undefined) options.alias = alias;
  return options;
}

async function buildOne(fn: FunctionDefinition): Promise<BuiltFunction> {
  const outdir = resolve(BUILD_DIR, fn.id);
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build(esbuildOptions(fn.build, outdir));
  const file = resolve(outdir, fn.bundleName);
  const outputs = Object.keys(result.metafile!.outputs).map((output) => resolve(PROJECT_ROOT, output));
  if (!outputs.includes(file)) {
    throw new Error(
      `${fn.id}: esbuild wrote ${outputs.map((o) => relative(PROJECT_ROOT, o)).join(', ')}, not the handler's ${relative(PROJECT_ROOT, file)}`,
    );
  }
  return { id: fn.id, definition: fn, file, ...(await sizesOf(file)), metafile: result.metafile! };
}

/** A bundle's size on disk, and compressed with gzip at level 9. */
export async function sizesOf(file: string): Promise<{ bytes: number; gzipBytes: number }> {
  return { bytes: (await stat(file)).size, gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length };
}

/** Builds every function of the template; rejects on the first build error. */
export async function buildFunctions(functions: readonly FunctionDefinition[] = functionsOf(loadTemplate())): Promise<BuiltFunction[]> {
  return Promise.all(functions.map(buildOne));
}

/** Bytes in a bundle's outputs per group of inputs (`groupOf` names an input's group), largest first. */
function bytesBy(metafile: Metafile, groupOf: (input: string) => string): Array<[string, number]> {
  const byGroup = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const group = groupOf(input);
      byGroup.set(group, (byGroup.get(group) ?? 0) + bytesInOutput);
    }
  }
  return [...byGroup].sort((a, b) => b[1] - a[1]);
}

/** Bytes in a bundle per input, largest first: what dominates a bundle's size. */
export function topInputs(metafile: Metafile, count = 10): { input: string; bytes: number }[] {
  return bytesBy(metafile, (input) => input)
    .slice(0, count)
    .map(([input, bytes]) => ({ input, bytes }));
}

/** Bytes in a bundle per npm package (or `(project)` for the project's own sources). */
export function bytesByPackage(metafile: Metafile): { name: string; bytes: number }[] {
  return bytesBy(metafile, (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '(project)').map(([name, bytes]) => ({
    name,
    bytes,
  }));
}
