/** A local command as its npm script runs it (`tsx infra/<command>/main.ts`), bundled once a process by esbuild (tsx starts slowly). */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { PROJECT_ROOT } from '../../infra/template/read';

// Beside node_modules, so that the bundle's imports of packages resolve as the source's do.
const BUNDLES = resolve(PROJECT_ROOT, 'node_modules', '.cache', 'test-commands');
const built = new Map<string, string>();

/** What `npm run <script>` runs, as package.json says: its script must be `tsx FILE`, with a subcommand or not. */
function scriptCommand(script: string): { file: string; subcommand: string[] } {
  const scripts = (JSON.parse(readFileSync(resolve(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [, file, subcommand] = /^tsx (\S+)(?: ([a-z]+))?$/.exec(scripts[script] ?? '') ?? [];
  if (!file) throw new Error(`unexpected ${script} script: ${scripts[script]}`);
  return { file, subcommand: subcommand ? [subcommand] : [] };
}

/** The bundle of `npm run <script>`'s file; named by its content, written whole, so that processes building at once agree. */
function bundled(script: string): string {
  let bundle = built.get(script);
  if (bundle) return bundle;
  const { outputFiles } = buildSync({
    entryPoints: [resolve(PROJECT_ROOT, scriptCommand(script).file)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // The packages' CommonJS code asks for Node's own modules through `require`, which an ES module lacks.
    banner: { js: `import { createRequire as requireFromBundle } from 'node:module'; const require = requireFromBundle(import.meta.url);` },
    write: false,
    logLevel: 'silent',
  });
  const code = outputFiles[0]!.contents;
  bundle = join(BUNDLES, `${script}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(bundle)) {
    mkdirSync(BUNDLES, { recursive: true });
    const staging = `${bundle}.${process.pid}`;
    writeFileSync(staging, code);
    renameSync(staging, bundle);
  }
  built.set(script, bundle);
  return bundle;
}

/** `npm run <script> -- ...args` with `env`, its output piped; in the project's root, as npm runs it. */
export const runScript = (script: string, args: readonly string[], env: NodeJS.ProcessEnv): ChildProcess =>
  spawn(process.execPath, [bundled(script), ...scriptCommand(script).subcommand, ...args], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
