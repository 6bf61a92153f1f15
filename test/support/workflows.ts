/**
 * The workflows, Dependabot's settings and samconfig.toml as the static tests read them, offline: parsed, with
 * the steps of a job picked by action or command, and deploy.yml's job evaluated for its inputs as GitHub would.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';

export type Json = Record<string, any>;

/** js-yaml throws, naming the file, on a syntax error or a key given twice. */
const parseYaml = (file: string): Json => load(readFileSync(file, 'utf8'), { filename: file }) as Json;

export const WORKFLOWS = readdirSync('.github/workflows')
  .filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'))
  .map((name) => `.github/workflows/${name}`);
export const parsed = Object.fromEntries(WORKFLOWS.map((file) => [file, parseYaml(file)]));
export const ci = parsed['.github/workflows/ci.yml']!;
export const deploy = parsed['.github/workflows/deploy.yml']!;
export const dependabot = parseYaml('.github/dependabot.yml');
export const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

type Step = { readonly uses?: string; readonly run?: string; readonly with?: Json; readonly env?: Json };
export const stepsOf = (job: Json): Step[] => job.steps ?? [];
export const allJobs = (): Array<[string, Json]> =>
  WORKFLOWS.flatMap((file) =>
    Object.entries(parsed[file]!.jobs as Json).map(([id, job]): [string, Json] => [`${file}#${id}`, job as Json]),
  );
export const runs = (job: Json): string[] => stepsOf(job).flatMap((step) => (step.run ? [step.run] : []));
export const usesAction = (action: string) => (step: Step) => step.uses?.split('@')[0] === action;
export const uses = (job: Json, action: string): Step[] => stepsOf(job).filter(usesAction(action));
export const running = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? '');
/** The indexes of the first steps that `predicates` pick, expected all found and in this order. */
export function expectInOrder(job: Json, ...predicates: Array<(step: Step) => boolean>): number[] {
  const indexes = predicates.map((predicate) => stepsOf(job).findIndex(predicate));
  expect([indexes, indexes.every((index, at) => index >= 0 && (at === 0 || index > indexes[at - 1]!))]).toEqual([indexes, true]);
  return indexes;
}
/** What deploy.yml's job, and the CI jobs that call it, may do: get an OIDC token, read the repository and its runs' artifacts. */
export const DEPLOY_PERMISSIONS = { 'id-token': 'write', contents: 'read', actions: 'read' };

/** A minimal TOML reader for samconfig.toml: [tables], and keys set to strings, booleans or numbers. */
function parseSamconfig(text: string): Json {
  const result: Json = {};
  let table: Json = result;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    const header = /^\[([\w.-]+)\]$/.exec(line);
    const pair = /^([\w-]+)\s*=\s*("(?:[^"\\]|\\.)*"|true|false|-?\d+(?:\.\d+)?)\s*(?:#.*)?$/.exec(line);
    if (header) table = header[1]!.split('.').reduce((parent: Json, part) => (parent[part] ??= {}), result);
    else if (pair && !(pair[1]! in table)) table[pair[1]!] = JSON.parse(pair[2]!);
    else if (line !== '' && !line.startsWith('#'))
      throw new Error(`samconfig.toml line ${index + 1} not understood (or set twice): ${line}`);
  }
  return result;
}

export const samconfig = parseSamconfig(readFileSync('samconfig.toml', 'utf8'));
export const STAGES = { staging: 'staging', production: 'prod' } as const;
/** What CI keeps of sam build, and deploy.yml downloads. */
export const ARTIFACT = { name: 'sam-build', path: '.aws-sam/build' };

/**
 * deploy.yml's job with these inputs, each `${{ inputs.… }}` evaluated as GitHub would for the shapes
 * it uses (`X`, `X || other`, `X == 'a' && 'b' || 'c'`); an undeclared input throws.
 */
export function deployJob(trigger: 'workflow_call' | 'workflow_dispatch', inputs: Record<string, string>): Json {
  const declared = deploy.on[trigger].inputs as Record<string, { default?: string }>;
  const input = (name: string): string => {
    if (!(name in declared)) throw new Error(`deploy.yml's ${trigger} has no input ${name}`);
    return inputs[name] ?? declared[name]!.default ?? '';
  };
  const text = JSON.stringify(deploy.jobs.deploy).replace(/\$\{\{\s*(inputs\.[^}]*?)\s*\}\}/g, (whole, expression: string) => {
    const choice = /^inputs\.([\w-]+) == '([^']*)' && '([^']*)' \|\| '([^']*)'$/.exec(expression);
    if (choice) return input(choice[1]!) === choice[2] ? choice[3]! : choice[4]!;
    const fallback = /^inputs\.([\w-]+) \|\| (.+)$/.exec(expression);
    if (fallback) return input(fallback[1]!) || `\${{ ${fallback[2]} }}`;
    const plain = /^inputs\.([\w-]+)$/.exec(expression);
    if (plain) return input(plain[1]!);
    throw new Error(`deploy.yml: ${whole} is not an expression this test evaluates`);
  });
  return JSON.parse(text) as Json;
}

/** deploy.yml's job as ci.yml's job `caller` runs it, with that job's `with`. */
export const calledJob = (caller: string): Json => deployJob('workflow_call', ci.jobs[caller].with as Record<string, string>);
