/**
 * When the workflows run and what CI's test job does, offline: CI tests every push and fork pull request once,
 * builds once and keeps the build; deploy.yml deploys it, called by CI for staging and production or by hand.
 */
import {
  allJobs,
  ARTIFACT,
  calledJob,
  ci,
  dependabot,
  deploy,
  DEPLOY_PERMISSIONS,
  deployJob,
  expectInOrder,
  type Json,
  parsed,
  running,
  runs,
  STAGES,
  uses,
  usesAction,
} from '../support/workflows';

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
});
