/**
 * `sam build` finds esbuild from a fresh clone: the SAM CLI's lookup, step by step as the
 * aws-lambda-builders source does it (version 1.64.0, which the SAM CLI pinned in ci.yml
 * installs; the steps below were read in 1.63.0's source, 1.64.0's not yet), run on the files a
 * clone holds (the ones git tracks).
 *
 * - aws_lambda_builders/workflows/nodejs_npm_esbuild/workflow.py, NodejsNpmEsbuildWorkflow:
 *   the build directory is a scratch directory (DEFAULT_BUILD_DIR = BuildDirectory.SCRATCH);
 *   `_get_esbuild_subprocess()`, called in `__init__`, runs `npm root` there and searches
 *   `<npm root>/.bin` first; `CopySourceAction` copies the source into it without EXCLUDED_FILES
 *   (.aws-sam, .git, node_modules); then the install action of NodejsNpmWorkflow.get_install_action.
 * - aws_lambda_builders/workflows/nodejs_npm/actions.py, NodejsNpmInstallAction.execute (the
 *   action without the UseNpmCi build property, which no function sets):
 *   `npm install -q --no-audit --no-save --unsafe-perm --omit=dev`: production dependencies only.
 * - aws_lambda_builders/workflows/nodejs_npm_esbuild/esbuild.py, SubprocessEsbuild.esbuild_binary:
 *   the first of `which("esbuild", executable_search_paths=[<npm root>/.bin])`.
 * - aws_lambda_builders/utils.py, which: the search paths, then PATH's directories, each once,
 *   an existing executable file named `esbuild` (no extension off Windows).
 *
 * esbuild is found in the scratch directory's own node_modules/.bin, not on PATH: it is a
 * production dependency of package.json (docs/deploy.md, "sam build"). The install reads npm's
 * cache, which the clone's own `npm install` filled, and reaches no registry.
 */
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { loadTemplate } from '../../infra/template/read';

jest.setTimeout(180_000);

/** NodejsNpmEsbuildWorkflow.EXCLUDED_FILES: what CopySourceAction leaves out. */
const EXCLUDED_FILES = ['.aws-sam', '.git', 'node_modules'];
/** NodejsNpmInstallAction.execute's command. */
const INSTALL = ['install', '-q', '--no-audit', '--no-save', '--unsafe-perm', '--omit=dev'];
/** Offline: the same tree (package-lock.json's), from npm's cache; nor does npm look for a newer npm. */
const OFFLINE = ['--offline', '--no-update-notifier'];

const npm = async (args: string[], cwd: string) => (await promisify(execFile)('npm', args, { cwd, encoding: 'utf8' })).stdout.trim();

/** aws_lambda_builders.utils.which off Windows: every executable file `cmd` in the search paths, then PATH, each directory once. */
function which(cmd: string, executableSearchPaths: string[]): string[] {
  const directories = [...executableSearchPaths, ...(process.env.PATH ?? '').split(delimiter)];
  const found: string[] = [];
  for (const directory of new Set(directories)) {
    const file = join(directory, cmd);
    try {
      accessSync(file, constants.F_OK | constants.X_OK);
      if (!statSync(file).isDirectory()) found.push(file);
    } catch {
      // not there, or not executable: the next directory
    }
  }
  return found;
}

/** The scratch build directory, and `<npm root>/.bin` in it as _get_esbuild_subprocess() found it. */
type Build = { readonly directory: string; readonly npmBinPath: string };

/** The files a fresh clone holds: those git tracks (still in the work tree). */
const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(file));

/** The workflow's steps up to the bundling, in a scratch directory under `root`; `edit` may change the copied package.json first. */
async function prepare(root: string, name: string, edit: (manifest: Record<string, any>) => void = () => {}): Promise<Build> {
  const directory = join(root, name);
  mkdirSync(directory);
  // _get_esbuild_subprocess(), in the workflow's __init__: before anything is copied.
  const npmBinPath = join(await npm(['root'], directory), '.bin');
  // CopySourceAction from a fresh clone, less EXCLUDED_FILES.
  for (const file of tracked) {
    if (EXCLUDED_FILES.includes(file.split('/')[0]!)) continue;
    mkdirSync(dirname(join(directory, file)), { recursive: true });
    cpSync(file, join(directory, file));
  }
  const manifestFile = join(directory, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, any>;
  edit(manifest);
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  await npm([...INSTALL, ...OFFLINE], directory).catch((error: { stderr?: string }) => {
    if (!error.stderr?.includes('ENOTCACHED')) throw error;
    throw new Error(
      `npm's cache, which this install reads offline, lacks a package of package-lock.json for this registry setting: run npm install with it first.\n${error.stderr}`,
    );
  });
  return { directory, npmBinPath };
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;
let root: string;
let build: Build;
let withEsbuildForDevelopment: Build;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sam-build-'));
  [build, withEsbuildForDevelopment] = await Promise.all([
    prepare(root, 'clone'),
    // The package.json this project had before: esbuild among the development dependencies.
    prepare(root, 'esbuild-for-development', (copy) => {
      copy.devDependencies.esbuild = copy.dependencies.esbuild;
      delete copy.dependencies.esbuild;
    }),
  ]);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

test('no function asks for `npm ci` (UseNpmCi), so the install is NodejsNpmInstallAction', () => {
  const functions = Object.values(loadTemplate().Resources).filter((resource) => resource.Type === 'AWS::Serverless::Function');
  expect(functions.length).toBeGreaterThan(0);
  for (const fn of functions) expect(fn.Metadata?.BuildProperties).not.toHaveProperty('UseNpmCi');
});

test('the install leaves the development dependencies out', () => {
  expect(Object.keys(manifest.devDependencies!)).toContain('jest');
  expect(existsSync(join(build.directory, 'node_modules', 'jest'))).toBe(false);
  expect(existsSync(join(build.directory, 'node_modules', '@middy', 'core', 'package.json'))).toBe(true);
});

test("the SAM CLI's lookup finds esbuild in the build directory's node_modules/.bin, ahead of PATH, and it runs", () => {
  expect(build.npmBinPath).toBe(join(build.directory, 'node_modules', '.bin'));
  const [esbuild] = which('esbuild', [build.npmBinPath]);
  expect(esbuild).toBe(join(build.npmBinPath, 'esbuild'));
  expect(execFileSync(esbuild!, ['--version'], { encoding: 'utf8' }).trim()).toBe(manifest.dependencies!.esbuild);
});

test('with esbuild a development dependency, as before, the lookup finds none there: only one on PATH, if any', () => {
  const found = which('esbuild', [withEsbuildForDevelopment.npmBinPath]);
  expect(found.some((file) => file.startsWith(withEsbuildForDevelopment.directory))).toBe(false);
});
