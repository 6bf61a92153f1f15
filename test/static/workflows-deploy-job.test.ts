/**
 * deploy.yml's job, offline, docs/deploy.md: each stage's job assumes its role with OIDC only, never overlaps or
 * stops midway, deploys the build CI tested with SAM's settings and smoke-tests it; its shell steps (finding the
 * tested build, sam deploy's parameters) run with stand-ins for `gh`, `git` and `sam` (../support/workflow-step).
 */
import { loadTemplate } from '../../infra/template/read';
import { runStep } from '../support/workflow-step';
import {
  ARTIFACT,
  calledJob,
  ci,
  deploy,
  DEPLOY_PERMISSIONS,
  expectInOrder,
  type Json,
  running,
  runs,
  samconfig,
  STAGES,
  stepsOf,
  uses,
  usesAction,
} from '../support/workflows';

describe('the workflow files', () => {
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
});
