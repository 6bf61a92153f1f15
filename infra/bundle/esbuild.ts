/**
 * Bundles every function of template.yaml as `sam build` does with `BuildMethod: esbuild`, from
 * its `BuildProperties`, into `.aws-sam/build/<LogicalId>/<handler file>`.
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
  readonly id: string;
  readonly definition: FunctionDefinition;
  /** Absolute path of the bundle, e.g. `.aws-sam/build/ErrorsFunction/errors.mjs`. */
  readonly file: string;
  readonly bytes: number;
  /** Compressed with gzip at level 9. */
  readonly gzipBytes: number;
  readonly metafile: Metafile;
}

/** SAM's `['key=value', ...]` lists (OutExtension, Alias) as an esbuild record. */
function keyValues(items: readonly string[] | undefined, option: string): Record<string, string> | undefined {
  const pair = (item: string) => {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new Error(`${option}: expected key=value, got ${JSON.stringify(item)}`);
    return [item.slice(0, eq), item.slice(eq + 1)];
  };
  return items && Object.fromEntries(items.map(pair));
}

/** The esbuild options `sam build` derives from a function's BuildProperties. */
export function esbuildOptions(build: BuildProperties, outdir: string): BuildOptions {
  const known = new Set(['Format', 'OutExtension', 'Platform', 'Target', 'MainFields', 'Minify', 'Sourcemap', 'Alias', 'EntryPoints']);
  const unknown = Object.keys(build).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`BuildProperties not supported by infra/bundle/esbuild.ts: ${unknown.join(', ')}`);
  // esbuild takes an option left undefined as not given.
  return {
    absWorkingDir: PROJECT_ROOT, // CodeUri: ./, where an alias's relative target resolves
    entryPoints: [...build.EntryPoints],
    bundle: true,
    outdir,
    metafile: true,
    write: true,
    logLevel: 'warning', // only errors fail the build
    format: build.Format,
    platform: build.Platform,
    target: build.Target,
    mainFields: build.MainFields?.split(',').map((field) => field.trim()),
    minify: build.Minify,
    sourcemap: build.Sourcemap,
    outExtension: keyValues(build.OutExtension, 'OutExtension'),
    alias: keyValues(build.Alias, 'Alias'),
  };
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

/** A bundle's size on disk, and gzip -9's. */
export async function sizesOf(file: string): Promise<{ bytes: number; gzipBytes: number }> {
  return { bytes: (await stat(file)).size, gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length };
}

/** Builds every function of the template; rejects on the first build error. */
export async function buildFunctions(functions: readonly FunctionDefinition[] = functionsOf(loadTemplate())): Promise<BuiltFunction[]> {
  return Promise.all(functions.map(buildOne));
}

/** Bytes in a bundle per npm package (or `(project)` for the project's own sources), largest first. */
export function bytesByPackage(metafile: Metafile): { name: string; bytes: number }[] {
  const byName = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '(project)';
      byName.set(name, (byName.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byName].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
