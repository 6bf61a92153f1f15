/**
 * The workflows, Dependabot's settings and samconfig.toml, offline: they trigger as intended, test once per
 * push and deploy what that run tested, with OIDC only, actions pinned to commits, naming only what exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { loadTemplate } from '../../infra/template/read';
import { CFN_LINT_MISSING } from '../support/cfn-lint';
import { runStep } from '../support/workflow-step';

type Json = Record<string, any>;

/** js-yaml throws, naming the file, on a syntax error or a key given twice. */
const parseYaml = (file: string): Json => load(readFileSync(file, 'utf8'), { filename: file }) as Json;

const WORKFLOWS = readdirSync('.github/workflows')
  .filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'))
  .map((name) => `.github/workflows/${name}`);
const parsed = Object.fromEntries(WORKFLOWS.map((file) => [file, parseYaml(file)]));
const ci = parsed['.github/workflows/ci.yml']!;
const deploy = parsed['.github/workflows/deploy.yml']!;
const dependabot = parseYaml('.github/dependabot.yml');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

type Step = { readonly uses?: string; readonly run?: string; readonly with?: Json; readonly env?: Json };
const stepsOf = (job: Json): Step[] => job.steps ?? [];
const allJobs = (): Array<[string, Json]> =>
  WORKFLOWS.flatMap((file) =>
    Object.entries(parsed[file]!.jobs as Json).map(([id, job]): [string, Json] => [`${file}#${id}`, job as Json]),
  );
const runs = (job: Json): string[] => stepsOf(job).flatMap((step) => (step.run ? [step.run] : []));
const usesAction = (action: string) => (step: Step) => step.uses?.split('@')[0] === action;
const uses = (job: Json, action: string): Step[] => stepsOf(job).filter(usesAction(action));
const running = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? '');
/** The indexes of the first steps that `predicates` pick, expected all found and in this order. */
function expectInOrder(job: Json, ...predicates: Array<(step: Step) => boolean>): number[] {
  const indexes = predicates.map((predicate) => stepsOf(job).findIndex(predicate));
  expect([indexes, indexes.every((index, at) => index >= 0 && (at === 0 || index > indexes[at - 1]!))]).toEqual([indexes, true]);
  return indexes;
}
/** What deploy.yml's job, and the CI jobs that call it, may do: get an OIDC token, read the repository and its runs' artifacts. */
const DEPLOY_PERMISSIONS = { 'id-token': 'write', contents: 'read', actions: 'read' };

/** Every key at any depth of a value (and the indexes of its arrays). */
function keysOf(value: unknown): string[] {
  const keys: string[] = [];
  JSON.stringify(value, (key, item) => {
    keys.push(key);
    return item;
  });
  return keys;
}

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

const samconfig = parseSamconfig(readFileSync('samconfig.toml', 'utf8'));
const STAGES = { staging: 'staging', production: 'prod' } as const;

/** The SAM CLI the workflows install, and its aws-lambda-builders, whose esbuild lookup test/integration/sam-build-esbuild.test.ts follows. */
const SAM_CLI = { version: '1.160.0', lambdaBuilders: '1.64.0' };
const ARTIFACT = { name: 'sam-build', path: '.aws-sam/build' };

/**
 * deploy.yml's job with these inputs, each `${{ inputs.… }}` evaluated as GitHub would for the shapes
 * it uses (`X`, `X || other`, `X == 'a' && 'b' || 'c'`); an undeclared input throws.
 */
function deployJob(trigger: 'workflow_call' | 'workflow_dispatch', inputs: Record<string, string>): Json {
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
const calledJob = (caller: string): Json => deployJob('workflow_call', ci.jobs[caller].with as Record<string, string>);

describe('the workflow files', () => {
  test('both workflows and Dependabot’s settings exist and parse, each workflow with jobs', () => {
    expect(Object.keys(parsed).sort()).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/deploy.yml']));
    for (const workflow of Object.values(parsed)) expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
    expect(dependabot.version).toBe(2);
  });

  test('CI runs on every push and every pull request, on no branch filter', () => {
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect([ci.on.push ?? {}, ci.on.pull_request ?? {}]).toEqual([{}, {}]);
  });

  test("CI sets up Node 24 and Java 17, installs cfn-lint, runs the README's test command with the lint, then sam build once", () => {
    const job = ci.jobs.test as Json;
    expect(uses(job, 'actions/checkout')).toHaveLength(1);
    expect(String(uses(job, 'actions/setup-node')[0]?.with?.['node-version'])).toBe('24');
    expect(String(uses(job, 'actions/setup-java')[0]?.with?.['java-version'])).toBe('17');
    const build = running(/^sam build$/);
    expectInOrder(job, running(/^pipx install cfn-lint==\d+\.\d+\.\d+$/), running(/npm install\b.*&& npm run lint && npm test$/), build);
    expectInOrder(job, usesAction('aws-actions/setup-sam'), build, usesAction('actions/upload-artifact'));
    expect(runs(job).filter((run) => /\bsam build\b/.test(run))).toEqual(['sam build']);
    expect(runs(job).some((run) => /\bnpm ci\b/.test(run))).toBe(false);
  });

  test('CI keeps what sam build made, hidden folder and all, as the run’s artifact, 90 days, as long as deploy.yml can deploy it again', () => {
    const [upload, ...more] = uses(ci.jobs.test, 'actions/upload-artifact');
    expect(more).toHaveLength(0);
    expect(upload!.with).toMatchObject({ ...ARTIFACT, 'include-hidden-files': true, 'if-no-files-found': 'error', 'retention-days': 90 });
    expect(deploy.on.workflow_dispatch.inputs.build.description).toContain('90 days');
  });

  test('deploy.yml is called by CI’s staging and production jobs, which need the tests, or run by hand', () => {
    expect(Object.keys(deploy.on)).toEqual(['workflow_call', 'workflow_dispatch']);
    expect(Object.keys(deploy.on.workflow_call.inputs).sort()).toEqual(['build', 'stage']);
    expect(deploy.on.workflow_call.inputs.build.default).toBe('');
    for (const [id, stage] of Object.entries(STAGES))
      expect([ci.jobs[id].uses, ci.jobs[id].needs, ci.jobs[id].with]).toEqual(['./.github/workflows/deploy.yml', 'test', { stage }]);
  });

  test('by hand, it takes a stage of the two and a build, by tag or commit', () => {
    const inputs = deploy.on.workflow_dispatch.inputs;
    expect(inputs.stage).toMatchObject({ type: 'choice', options: Object.values(STAGES), required: true });
    expect(inputs.build).toMatchObject({ type: 'string', required: true });
  });

  test.each(Object.entries(STAGES))('by hand to %s: its environment, its stack, the build’s commit checked out', (environment, stage) => {
    const job = deployJob('workflow_dispatch', { stage, build: 'v1.4.0' });
    expect(job.environment.name).toBe(environment);
    expect(job.env).toEqual({ STAGE: stage, STACK_NAME: `social-news-${stage}` });
    expect(uses(job, 'actions/checkout')[0]!.with).toEqual({ ref: 'v1.4.0' });
    const download = uses(job, 'actions/download-artifact')[0]!;
    expect(download.with).toEqual({ ...ARTIFACT, 'run-id': '${{ steps.build.outputs.run-id }}', 'github-token': '${{ github.token }}' });
    expect(job.permissions).toEqual(DEPLOY_PERMISSIONS);
  });

  test('a push to main tests and deploys staging, a version tag production, anything else only tests', () => {
    // Every push starts CI (no branch filter, above), and no other workflow; its jobs' conditions choose.
    for (const [file, workflow] of Object.entries(parsed))
      if (file !== '.github/workflows/ci.yml')
        expect([file, Object.keys(workflow.on)]).toEqual([file, ['workflow_call', 'workflow_dispatch']]);
    expect(ci.jobs.staging.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(ci.jobs.production.if).toBe("github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')");
    expect(ci.jobs.test.if).toMatch(/^github\.event_name == 'push' \|\| /);
  });

  test('a pull request is tested once: by its branch’s push, or, from a fork, by its own run', () => {
    expect(ci.jobs.test.if).toBe("github.event_name == 'push' || github.event.pull_request.head.repo.full_name != github.repository");
    expect(Object.keys(ci.jobs)).toEqual(['test', 'staging', 'production']);
  });

  test('the tests run once per push: one job runs npm test, and no job builds but CI’s test job', () => {
    const testing = allJobs().filter(([, job]) => runs(job).some((run) => /\bnpm test\b/.test(run)));
    expect(testing.map(([name]) => name)).toEqual(['.github/workflows/ci.yml#test']);
    const building = allJobs().filter(([, job]) => runs(job).some((run) => /\b(sam build|npm run build)\b/.test(run)));
    expect(building.map(([name]) => name)).toEqual(['.github/workflows/ci.yml#test']);
  });

  test('production waits for the production environment', () => {
    const environment = calledJob('production').environment;
    expect(typeof environment === 'string' ? environment : environment?.name).toBe('production');
  });

  describe.each(Object.entries(STAGES))('the %s job', (id, stage) => {
    const job = () => calledJob(id);

    test('gets an OIDC token, reads the repository and, for a build of another run, its artifacts', () => {
      expect([job().permissions, ci.jobs[id].permissions]).toEqual([DEPLOY_PERMISSIONS, DEPLOY_PERMISSIONS]);
    });

    test('assumes a role named by a variable or secret, with short-lived credentials', () => {
      const [credentials, ...more] = uses(job(), 'aws-actions/configure-aws-credentials');
      expect(more).toHaveLength(0);
      expect(credentials!.with!['role-to-assume']).toMatch(/^\$\{\{\s*(vars|secrets)\.[A-Z0-9_]+\s*\}\}$/);
      expect(credentials!.with!['aws-region']).toBeTruthy();
    });

    test('does not overlap another deployment of its stack, and is never cancelled midway', () => {
      expect(job().concurrency).toEqual({ group: `deploy-social-news-${stage}`, 'cancel-in-progress': false });
    });

    test(`deploys the build CI tested with SAM's ${stage} settings, then smoke-tests the stack's URLs`, () => {
      const deployStep = running(/^sam deploy --template-file \.aws-sam\/build\/template\.yaml --config-env "\$STAGE"( |$)/m);
      for (const before of ['actions/download-artifact', 'aws-actions/setup-sam', 'aws-actions/configure-aws-credentials'])
        expectInOrder(job(), usesAction(before), deployStep);
      const smokeTest = running(/^npm run smoke -- "\$API_URL" "\$SHORT_URL"$/);
      const [, outputs, smoke] = expectInOrder(job(), deployStep, running(/aws cloudformation describe-stacks/), smokeTest);
      expect(uses(job(), 'actions/download-artifact')[0]!.with).toMatchObject(ARTIFACT);
      expect(uses(job(), 'actions/checkout')[0]!.with).toEqual({ ref: '${{ github.sha }}' });
      expect(job().env.STAGE).toBe(stage);
      expect(Object.keys(samconfig)).toContain(stage);

      const read = stepsOf(job())[outputs!]!.run!;
      for (const output of ['ApiUrl', 'ShortUrlHost']) expect(read).toContain(output);
      expect(job().env.STACK_NAME).toBe(samconfig[stage].deploy.parameters.stack_name);
      expect(stepsOf(job())[smoke!]!.env).toMatchObject({
        API_URL: '${{ steps.stack.outputs.api-url }}',
        SHORT_URL: '${{ steps.stack.outputs.short-url }}',
      });
      for (const output of ['api-url=', 'short-url=']) expect(read).toContain(output);
    });

    test('never waits for a change set confirmation that no one can give', () => {
      const command = runs(job()).find((run) => /^sam deploy/m.test(run))!;
      if (samconfig[stage].deploy.parameters.confirm_changeset !== false) expect(command).toContain('--no-confirm-changeset');
    });
  });

  describe('finding the tested build of a dispatch', () => {
    const step = stepsOf(deploy.jobs.deploy).find((candidate) => candidate.run?.includes('gh run list'))!;
    /** `gh` answering runs 31, 32 and 33 of the commit, newest first, with these artifacts of each. */
    const gh = (artifacts: Record<string, string>) => `
      case "$1 $2" in
        "run list") [ "$6" = "0f1e2d3c" ] && printf '31\n32\n33\n' ;;
        "api repos/owner/repo/actions/runs/"*) run="\${2##*/runs/}"; run="\${run%/artifacts}"
          case "$run" in ${Object.entries(artifacts)
            .map(([run, ids]) => `${run}) printf '${ids}' ;;`)
            .join(' ')} esac ;;
        *) exit 2 ;;
      esac`;
    const find = (build: string, artifacts: Record<string, string>) =>
      runStep(step.run!, {
        commands: { gh: gh(artifacts), git: '[ "$1 $2" = "rev-parse HEAD" ] && echo 0f1e2d3c' },
        env: { BUILD: build, GITHUB_RUN_ID: '99', GITHUB_REPOSITORY: 'owner/repo' },
      });

    test('called by CI, it is this run’s', () => {
      expect(find('', {}).outputs).toEqual({ 'run-id': '99' });
    });

    test('by hand, it is the newest run of the build’s commit that kept one', () => {
      // gh's --jq leaves out an expired artifact: run 31 kept none, 32 has expired, 33 kept it.
      const { status, outputs } = find('v1.4.0', { 32: '', 33: '5\n' });
      expect([status, outputs]).toEqual([0, { 'run-id': '33' }]);
      expect(find('v1.4.0', { 31: '7\n', 33: '5\n' }).outputs).toEqual({ 'run-id': '31' });
    });

    test('by hand, a commit without a kept build fails, saying so', () => {
      const { status, outputs, stdout } = find('v0.9.0', {});
      expect([status, outputs]).toEqual([1, {}]);
      expect(stdout).toContain('::error::No CI run of v0.9.0 (0f1e2d3c) kept a tested build');
    });

    test('its query is the artifact CI keeps, not expired', () => {
      expect(step.run).toContain(`select(.name == "${ARTIFACT.name}" and (.expired | not))`);
    });
  });

  describe('sam deploy', () => {
    const step = stepsOf(deploy.jobs.deploy).find((candidate) => /^sam deploy/m.test(candidate.run ?? ''))!;
    /** The arguments `sam` was called with, one a line. */
    const deployWith = (stage: string, boundary: string) =>
      runStep(step.run!, { commands: { sam: 'printf "%s\n" "$@"' }, env: { STAGE: stage, BOUNDARY: boundary } }).stdout.split('\n');

    test.each(Object.values(STAGES))('%s: the stage’s parameter_overrides, and the roles’ boundary when the variable is set', (stage) => {
      const own = samconfig[stage].deploy.parameters.parameter_overrides as string;
      const boundary = 'arn:aws:iam::123456789012:policy/social-news-function-boundary';
      const withBoundary = deployWith(stage, boundary);
      expect(withBoundary[withBoundary.indexOf('--parameter-overrides') + 1]).toBe(`${own} FunctionPermissionsBoundary=${boundary}`);
      expect(withBoundary).toEqual(expect.arrayContaining(['--config-env', stage, '--no-confirm-changeset']));
      const without = deployWith(stage, '');
      expect(without[without.indexOf('--parameter-overrides') + 1]).toBe(own);
    });

    test('the boundary is the environment’s variable, which the bootstrap stack’s output gives', () => {
      expect(step.env).toEqual({ BOUNDARY: '${{ vars.FUNCTION_PERMISSIONS_BOUNDARY }}' });
      const bootstrap = loadTemplate('infra/bootstrap/template.yaml') as Json;
      expect(bootstrap.Outputs.FunctionBoundaryArn.Description).toMatch(/^FUNCTION_PERMISSIONS_BOUNDARY\b/);
      expect(bootstrap.Outputs.DeployRoleArn.Description).toMatch(/^AWS_DEPLOY_ROLE_ARN\b/);
      expect(bootstrap.Outputs.Region.Description).toMatch(/^AWS_REGION\b/);
      const credentials = uses(deploy.jobs.deploy, 'aws-actions/configure-aws-credentials')[0]!.with!;
      expect(credentials).toMatchObject({ 'role-to-assume': '${{ vars.AWS_DEPLOY_ROLE_ARN }}', 'aws-region': '${{ vars.AWS_REGION }}' });
    });
  });

  test('no workflow passes AWS access keys, as action inputs or as environment', () => {
    const keys = Object.values(parsed).flatMap(keysOf);
    expect(keys.filter((key) => /^(aws[-_](access[-_]key[-_]id|secret[-_]access[-_]key|session[-_]token))$/i.test(key))).toEqual([]);
    for (const file of WORKFLOWS) expect(readFileSync(file, 'utf8')).not.toMatch(/access-key|ACCESS_KEY/i);
  });

  test('every job that assumes an AWS role may ask for an OIDC token', () => {
    for (const [name, job] of allJobs())
      if (uses(job, 'aws-actions/configure-aws-credentials').length > 0)
        expect([name, job.permissions?.['id-token']]).toEqual([name, 'write']);
  });

  test('every npm script the workflows run exists in package.json', () => {
    const commands = allJobs().flatMap(([, job]) =>
      runs(job).flatMap((run) => [...run.matchAll(/\bnpm (?:run ([\w:-]+)|(test|start)\b)/g)]),
    );
    const used = new Set(commands.map(([, script, bare]) => script ?? bare!));
    expect([...used].sort()).toEqual(expect.arrayContaining(['lint', 'smoke', 'test']));
    for (const name of used) expect([name, name in scripts]).toEqual([name, true]);
  });

  test('every local file the workflows name exists', () => {
    const usedLocally = allJobs().flatMap(([, job]) => [job.uses, ...stepsOf(job).map((step) => step.uses)]);
    const run = allJobs().flatMap(([, job]) =>
      runs(job).flatMap((text) => [...text.matchAll(/(?:^|[\s"'])((?:\.\/)?(?:infra|\.ci|test|scripts|\.github)\/[\w./-]+)/g)]),
    );
    const local = usedLocally.filter((used): used is string => typeof used === 'string' && used.startsWith('./'));
    const named = new Set([...local, ...run.map(([, path]) => path!)].map((path) => path.replace(/^\.\//, '')));
    expect(named).toContain('.github/workflows/deploy.yml');
    for (const file of named) expect([file, existsSync(file)]).toEqual([file, true]);
    // and the scripts' own files: npm run smoke → infra/ops/smoke/main.ts
    expect(existsSync(/^tsx (\S+)$/.exec(scripts.smoke!)![1]!)).toBe(true);
  });

  test('third-party actions are pinned to a commit, with its release in a comment, one commit per action', () => {
    const pins = new Map<string, Set<string>>();
    for (const file of WORKFLOWS) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const use = /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line);
        if (!use || use[1]!.startsWith('./')) continue;
        expect([file, line]).toEqual([file, expect.stringMatching(/uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+(\.\d+){0,2}$/)]);
        const [action, pin] = use[1]!.split('@') as [string, string];
        pins.set(action, (pins.get(action) ?? new Set()).add(`${pin}${use[2]}`));
      }
    }
    expect(pins.size).toBeGreaterThanOrEqual(7);
    for (const [action, pinned] of pins) expect([action, pinned.size]).toEqual([action, 1]);
  });

  test('CI fails on known vulnerabilities of the production dependencies, once installed, and .ci/run checks them too', () => {
    expectInOrder(ci.jobs.test, running(/^npm install\b/), running(/^npm run audit$/));
    expect(scripts.audit).toBe('tsx infra/audit/main.ts');
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/npm install --no-audit --no-fund\n(#.*\n)*npm run audit\n/);
  });

  test('.ci/run tests as GitHub does, with CI=true, and installs the cfn-lint CI pins, which the tests name when it is missing', () => {
    const script = readFileSync('.ci/run', 'utf8');
    const pinned = /^pipx install (cfn-lint==\d+\.\d+\.\d+)$/m.exec(runs(ci.jobs.test).join('\n'))?.[1];
    expect(pinned).toBeDefined();
    expect(script).toContain(`pip install -q ${pinned} `);
    expect(CFN_LINT_MISSING).toContain(`pip install ${pinned} `);
    const exported = script.indexOf('\nexport CI=true\n');
    expect([exported > 0, exported < script.indexOf('\nnpm test\n')]).toEqual([true, true]);
  });

  test('Dependabot keeps the npm packages and the actions current, weekly, the AWS SDK’s and Powertools’ each in one group', () => {
    const [npm, actions] = ['npm', 'github-actions'].map((kind) =>
      dependabot.updates.find((update: Json) => update['package-ecosystem'] === kind),
    );
    expect(actions).toEqual(expect.objectContaining({ directory: '/', schedule: { interval: 'weekly' } }));
    expect(npm).toMatchObject({ directory: '/', schedule: { interval: 'weekly' } });
    expect(npm.groups['aws-sdk'].patterns).toContain('@aws-sdk/*');
    // A scope's `*` takes every package of it, those package.json names now and later.
    expect(npm.groups.powertools.patterns).toEqual(['@aws-lambda-powertools/*']);
    // Node.js moves with the Lambda runtime, by hand.
    expect(npm.ignore).toEqual(expect.arrayContaining([{ 'dependency-name': 'node', 'update-types': ['version-update:semver-major'] }]));
  });

  test(`every workflow installs the SAM CLI ${SAM_CLI.version} (aws-lambda-builders ${SAM_CLI.lambdaBuilders}) by its installer`, () => {
    const setups = allJobs().flatMap(([, job]) => uses(job, 'aws-actions/setup-sam'));
    expect(setups).toHaveLength(2);
    for (const setup of setups) expect(setup.with).toEqual({ version: SAM_CLI.version, 'use-installer': true });
    expect(readFileSync('test/integration/sam-build-esbuild.test.ts', 'utf8')).toContain(`version ${SAM_CLI.lambdaBuilders}`);
  });
});

describe('samconfig.toml', () => {
  test('builds cached and in parallel', () => {
    expect(samconfig.version).toBe(0.1);
    expect(samconfig.default.build.parameters).toEqual({ cached: true, parallel: true });
  });

  test.each(Object.values(STAGES))('%s: its own stack, Stage parameter, IAM capability and S3 bucket', (stage) => {
    const parameters = samconfig[stage].deploy.parameters as Json;
    expect(parameters).toMatchObject({ stack_name: `social-news-${stage}`, parameter_overrides: `Stage=${stage}`, resolve_s3: true });
    expect(parameters.capabilities.split(' ')).toContain('CAPABILITY_IAM');
  });

  test('staging deploys without asking', () => {
    expect(samconfig.staging.deploy.parameters.confirm_changeset).toBe(false);
  });

  test('the stages, parameters and outputs it and the workflows name are the template’s', () => {
    const template = loadTemplate() as Json;
    expect(template.Parameters.Stage.AllowedValues).toEqual(expect.arrayContaining(Object.values(STAGES)));
    for (const stage of Object.values(STAGES)) {
      for (const pair of String(samconfig[stage].deploy.parameters.parameter_overrides).split(' '))
        expect(Object.keys(template.Parameters)).toContain(pair.split('=')[0]);
    }
    expect(Object.keys(template.Outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'ShortUrlHost']));
  });
});
