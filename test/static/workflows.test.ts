/**
 * The GitHub Actions workflows and samconfig.toml, checked offline: they parse, trigger as
 * intended, deploy with OIDC credentials only, and name only scripts, files, stacks and outputs
 * that exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { loadTemplate } from '../../infra/local/template';

type Json = Record<string, any>;

function parseYaml(file: string): Json {
  const document = parseDocument(readFileSync(file, 'utf8'), { uniqueKeys: true, strict: true });
  if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
  return document.toJS() as Json;
}

const WORKFLOWS = readdirSync('.github/workflows')
  .filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'))
  .map((name) => `.github/workflows/${name}`);
const parsed = Object.fromEntries(WORKFLOWS.map((file) => [file, parseYaml(file)]));
const ci = parsed['.github/workflows/ci.yml']!;
const deploy = parsed['.github/workflows/deploy.yml']!;
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Json;
  readonly env?: Json;
}
const stepsOf = (job: Json): Step[] => job.steps ?? [];
const allJobs = (): Array<[string, Json]> =>
  WORKFLOWS.flatMap((file) =>
    Object.entries(parsed[file]!.jobs as Json).map(([id, job]): [string, Json] => [`${file}#${id}`, job as Json]),
  );
const runs = (job: Json): string[] => stepsOf(job).flatMap((step) => (step.run ? [step.run] : []));
const uses = (job: Json, action: string): Step[] => stepsOf(job).filter((step) => step.uses?.split('@')[0] === action);
const indexOf = (job: Json, predicate: (step: Step) => boolean): number => stepsOf(job).findIndex(predicate);

/** Every key at any depth of a value, with the values beside them. */
function* entries(value: unknown): Generator<[string, unknown]> {
  if (Array.isArray(value)) for (const item of value) yield* entries(item);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield [key, item];
      yield* entries(item);
    }
  }
}

/**
 * The job `if:` conditions these workflows use, evaluated for a push of `ref`: comparisons of
 * github.ref with a literal and startsWith(github.ref, literal), joined by && or ||.
 */
function jobRuns(condition: string | undefined, ref: string): boolean {
  if (condition === undefined) return true;
  const expression = condition.replace(/^\$\{\{\s*|\s*\}\}$/g, '').trim();
  return expression.split('||').some((alternative) =>
    alternative.split('&&').every((term) => {
      const text = term.trim();
      const equal = /^github\.ref\s*(==|!=)\s*'([^']*)'$/.exec(text);
      if (equal) return (ref === equal[2]) === (equal[1] === '==');
      const starts = /^startsWith\(\s*github\.ref\s*,\s*'([^']*)'\s*\)$/.exec(text);
      if (starts) return ref.startsWith(starts[1]!);
      throw new Error(`condition not understood by this test: ${text}`);
    }),
  );
}

/** GitHub's branch and tag filters: `*` matches anything but `/`, `**` anything. */
function globMatches(pattern: string, name: string): boolean {
  const source = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '.*');
  return new RegExp(`^${source}$`).test(name);
}

/** Which of deploy.yml's jobs run for a push of `ref`, or none when the push does not trigger it. */
function deployJobsFor(ref: string): string[] {
  const push = deploy.on.push as { branches?: string[]; tags?: string[] };
  const branch = ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : undefined;
  const tag = ref.startsWith('refs/tags/') ? ref.slice('refs/tags/'.length) : undefined;
  const triggered =
    (branch !== undefined && (push.branches ?? []).some((pattern) => globMatches(pattern, branch))) ||
    (tag !== undefined && (push.tags ?? []).some((pattern) => globMatches(pattern, tag)));
  if (!triggered) return [];
  return Object.entries(deploy.jobs as Json)
    .filter(([, job]) => jobRuns(job.if, ref))
    .map(([id]) => id);
}

/** A minimal TOML reader for samconfig.toml: [tables], and keys set to strings, booleans or numbers. */
function parseSamconfig(text: string): Json {
  const result: Json = {};
  let table: Json = result;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/^\s+|\s+$/g, '');
    if (line === '' || line.startsWith('#')) return;
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header) {
      table = result;
      for (const part of header[1]!.split('.')) table = table[part] ??= {};
      return;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*"|true|false|-?\d+(?:\.\d+)?)\s*(?:#.*)?$/.exec(line);
    if (!pair) throw new Error(`samconfig.toml line ${index + 1} not understood: ${line}`);
    if (pair[1]! in table) throw new Error(`samconfig.toml line ${index + 1}: ${pair[1]} set twice`);
    table[pair[1]!] = JSON.parse(pair[2]!);
  });
  return result;
}

const samconfig = parseSamconfig(readFileSync('samconfig.toml', 'utf8'));
const STAGES = { staging: 'staging', production: 'prod' } as const;

describe('the workflow files', () => {
  test('both exist and parse, each with jobs', () => {
    expect(Object.keys(parsed).sort()).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/deploy.yml']));
    for (const workflow of Object.values(parsed)) expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
  });

  test('CI runs on every push and every pull request, on no branch filter', () => {
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(ci.on.push ?? {}).toEqual({});
    expect(ci.on.pull_request ?? {}).toEqual({});
  });

  test("CI sets up Node 24 and Java 17, installs php-cli, runs the README's test command, then builds", () => {
    const job = ci.jobs.test as Json;
    expect(uses(job, 'actions/checkout')).toHaveLength(1);
    expect(String(uses(job, 'actions/setup-node')[0]?.with?.['node-version'])).toBe('24');
    expect(String(uses(job, 'actions/setup-java')[0]?.with?.['java-version'])).toBe('17');
    const php = indexOf(job, (step) => step.run?.includes('bash test/support/ensure-php.sh') ?? false);
    const test = indexOf(job, (step) => /npm install\b.*&& npm test$/.test(step.run ?? ''));
    const build = indexOf(job, (step) => step.run === 'npm run build');
    expect([php, test, build].every((index) => index >= 0)).toBe(true);
    expect(php < test && test < build).toBe(true);
    expect(runs(job).some((run) => /\bnpm ci\b/.test(run))).toBe(false);
  });

  test('deploy runs on pushes to main and on version tags only', () => {
    expect(Object.keys(deploy.on)).toEqual(['push']);
    expect(deploy.on.push).toEqual({ branches: ['main'], tags: ['v*'] });
  });

  test('a push to main deploys staging, a version tag production, anything else nothing', () => {
    expect(deployJobsFor('refs/heads/main')).toEqual(['test', 'staging']);
    expect(deployJobsFor('refs/tags/v1.2.0')).toEqual(['test', 'production']);
    expect(deployJobsFor('refs/heads/feature')).toEqual([]);
    expect(deployJobsFor('refs/tags/release-1')).toEqual([]);
  });

  test('the deploy jobs need the tests, which are CI itself', () => {
    expect(deploy.jobs.test.uses).toBe('./.github/workflows/ci.yml');
    expect(Object.keys(ci.on)).toContain('workflow_call');
    for (const id of Object.keys(STAGES)) expect(deploy.jobs[id].needs).toBe('test');
  });

  test('production waits for the production environment', () => {
    const environment = deploy.jobs.production.environment;
    expect(typeof environment === 'string' ? environment : environment?.name).toBe('production');
  });

  describe.each(Object.entries(STAGES))('the %s job', (id, stage) => {
    const job = () => deploy.jobs[id] as Json;

    test('gets an OIDC token, and reads the repository only', () => {
      expect(job().permissions).toEqual({ 'id-token': 'write', contents: 'read' });
    });

    test('assumes a role named by a variable or secret, with short-lived credentials', () => {
      const [credentials, ...more] = uses(job(), 'aws-actions/configure-aws-credentials');
      expect(more).toHaveLength(0);
      expect(credentials!.with!['role-to-assume']).toMatch(/^\$\{\{\s*(vars|secrets)\.[A-Z0-9_]+\s*\}\}$/);
      expect(credentials!.with!['aws-region']).toBeTruthy();
    });

    test('does not overlap another deployment of its stack, and is never cancelled midway', () => {
      expect(job().concurrency.group).toBe(`deploy-social-news-${stage}`);
      expect(job().concurrency['cancel-in-progress']).toBe(false);
    });

    test(`builds and deploys with SAM's ${stage} settings, then smoke-tests the stack's URLs`, () => {
      const setupSam = indexOf(job(), (step) => step.uses?.startsWith('aws-actions/setup-sam@') ?? false);
      const credentials = indexOf(job(), (step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@') ?? false);
      const build = indexOf(job(), (step) => step.run === 'sam build');
      const deployStep = indexOf(job(), (step) => new RegExp(`^sam deploy --config-env ${stage}( |$)`).test(step.run ?? ''));
      const outputs = indexOf(job(), (step) => step.run?.includes('aws cloudformation describe-stacks') ?? false);
      const smoke = indexOf(job(), (step) => /^npm run smoke -- "\$API_URL" "\$SHORT_URL"$/.test(step.run ?? ''));
      expect([setupSam, credentials, build, deployStep, outputs, smoke].every((index) => index >= 0)).toBe(true);
      expect(setupSam < build && credentials < deployStep && build < deployStep && deployStep < outputs && outputs < smoke).toBe(true);

      const read = stepsOf(job())[outputs]!.run!;
      for (const output of ['ApiUrl', 'ShortUrlHost']) expect(read).toContain(output);
      expect(job().env.STACK_NAME).toBe(samconfig[stage].deploy.parameters.stack_name);
      const smokeEnv = stepsOf(job())[smoke]!.env!;
      expect(smokeEnv.API_URL).toBe('${{ steps.stack.outputs.api-url }}');
      expect(smokeEnv.SHORT_URL).toBe('${{ steps.stack.outputs.short-url }}');
      expect(read).toContain('api-url=');
      expect(read).toContain('short-url=');
    });

    test('never waits for a change set confirmation that no one can give', () => {
      const command = runs(job()).find((run) => run.startsWith('sam deploy'))!;
      if (samconfig[stage].deploy.parameters.confirm_changeset !== false) expect(command).toContain('--no-confirm-changeset');
    });
  });

  test('no workflow passes AWS access keys, as action inputs or as environment', () => {
    for (const workflow of Object.values(parsed)) {
      for (const [key] of entries(workflow)) {
        expect(key).not.toMatch(/^(aws-access-key-id|aws-secret-access-key|aws-session-token)$/i);
        expect(key).not.toMatch(/^AWS_(ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN)$/);
      }
    }
    for (const file of WORKFLOWS) expect(readFileSync(file, 'utf8')).not.toMatch(/access-key|ACCESS_KEY/i);
  });

  test('every job that assumes an AWS role may ask for an OIDC token', () => {
    for (const [name, job] of allJobs()) {
      if (uses(job, 'aws-actions/configure-aws-credentials').length === 0) continue;
      expect([name, job.permissions?.['id-token']]).toEqual([name, 'write']);
    }
  });

  test('every npm script the workflows run exists in package.json', () => {
    const used = new Set<string>();
    for (const [, job] of allJobs()) {
      for (const run of runs(job)) {
        for (const match of run.matchAll(/\bnpm run ([\w:-]+)/g)) used.add(match[1]!);
        for (const match of run.matchAll(/\bnpm (test|start)\b/g)) used.add(match[1]!);
      }
    }
    expect([...used].sort()).toEqual(expect.arrayContaining(['build', 'smoke', 'test']));
    for (const name of used) expect([name, name in scripts]).toEqual([name, true]);
  });

  test('every local file the workflows name exists', () => {
    const named = new Set<string>();
    for (const [, job] of allJobs()) {
      if (typeof job.uses === 'string' && job.uses.startsWith('./')) named.add(job.uses.slice(2));
      for (const step of stepsOf(job)) if (step.uses?.startsWith('./')) named.add(step.uses.slice(2));
      for (const run of runs(job)) {
        for (const match of run.matchAll(/(?:^|[\s"'])((?:\.\/)?(?:infra|\.ci|test|scripts|\.github)\/[\w./-]+)/g))
          named.add(match[1]!.replace(/^\.\//, ''));
      }
    }
    expect(named).toContain('test/support/ensure-php.sh');
    expect(named).toContain('.github/workflows/ci.yml');
    for (const file of named) expect([file, existsSync(file)]).toEqual([file, true]);
    // and the scripts' own files: npm run smoke → infra/smoke/main.ts
    expect(existsSync(/^tsx (\S+)$/.exec(scripts.smoke!)![1]!)).toBe(true);
  });

  test('third-party actions are pinned to a version', () => {
    for (const [, job] of allJobs()) {
      for (const step of stepsOf(job)) if (step.uses && !step.uses.startsWith('./')) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@v?\d/);
    }
  });
});

describe('samconfig.toml', () => {
  test('builds cached and in parallel', () => {
    expect(samconfig.version).toBe(0.1);
    expect(samconfig.default.build.parameters).toEqual({ cached: true, parallel: true });
  });

  test.each(Object.values(STAGES))('%s: its own stack, Stage parameter, IAM capability and S3 bucket', (stage) => {
    const parameters = samconfig[stage].deploy.parameters as Json;
    expect(parameters.stack_name).toBe(`social-news-${stage}`);
    expect(parameters.parameter_overrides).toBe(`Stage=${stage}`);
    expect(parameters.capabilities.split(' ')).toContain('CAPABILITY_IAM');
    expect(parameters.resolve_s3).toBe(true);
  });

  test('staging deploys without asking', () => {
    expect(samconfig.staging.deploy.parameters.confirm_changeset).toBe(false);
  });

  test('the stages, parameters and outputs it and the workflows name are the template’s', () => {
    const template = loadTemplate() as Json;
    expect(template.Parameters.Stage.AllowedValues).toEqual(expect.arrayContaining(Object.values(STAGES)));
    for (const stage of Object.values(STAGES)) {
      for (const pair of String(samconfig[stage].deploy.parameters.parameter_overrides).split(' ')) {
        expect(Object.keys(template.Parameters)).toContain(pair.split('=')[0]);
      }
    }
    expect(Object.keys(template.Outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'ShortUrlHost']));
  });

  test('the TOML reader refuses what it does not understand', () => {
    expect(() => parseSamconfig('[a]\nkey = [1, 2]\n')).toThrow('not understood');
    expect(() => parseSamconfig('[a]\nkey = "x"\nkey = "y"\n')).toThrow('set twice');
  });
});
