/**
 * What every workflow names and pins, offline: no AWS keys, an OIDC token wherever a role is assumed, only npm
 * scripts and files that exist, third-party actions pinned to a commit, the audit, .ci/run, Dependabot's
 * settings and the SAM CLI's version.
 */
import { existsSync, readFileSync } from 'node:fs';
import { CFN_LINT_MISSING } from '../support/cfn-lint';
import {
  allJobs,
  ci,
  dependabot,
  expectInOrder,
  type Json,
  parsed,
  running,
  runs,
  scripts,
  stepsOf,
  uses,
  WORKFLOWS,
} from '../support/workflows';

/** Every key at any depth of a value (and the indexes of its arrays). */
function keysOf(value: unknown): string[] {
  const keys: string[] = [];
  JSON.stringify(value, (key, item) => {
    keys.push(key);
    return item;
  });
  return keys;
}

/** The SAM CLI the workflows install, and its aws-lambda-builders, whose esbuild lookup test/integration/sam-build-esbuild.test.ts follows. */
const SAM_CLI = { version: '1.160.0', lambdaBuilders: '1.64.0' };

describe('the workflow files', () => {
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
