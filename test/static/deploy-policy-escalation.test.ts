/**
 * The bootstrap stack's deploy role cannot escalate (docs/deploy.md): it makes and changes roles only with the
 * function boundary, which it can neither take off nor change, passes roles only to Lambda and CodeDeploy, and
 * only this repository's staging and production environments may assume it. Evaluated by ../support/iam-policy.
 */
import { resolveValue } from '../../infra/template/evaluate';
import { policyAllows, type Request } from '../support/iam-policy';
import {
  ACCOUNT,
  BOUNDARY_ARN,
  BOUNDARY_PARAMETER,
  bootstrap,
  calls,
  deploy,
  DEPLOY_ROLE,
  deployRole,
  REGION,
  REPOSITORY,
  roleOf,
  template,
  toLambda,
  trust,
  withBoundary,
} from '../support/bootstrap-policies';

describe('the deploy policy cannot escalate', () => {
  const role = roleOf('staging', 'ErrorsFunctionRole');

  const allowed = (requests: Request[]) => requests.filter((request) => policyAllows(deploy, request));
  const administrator = { 'iam:PermissionsBoundary': 'arn:aws:iam::aws:policy/AdministratorAccess' };
  const roleChanges = 'iam:CreateRole PutRolePolicy AttachRolePolicy PutRolePermissionsBoundary';
  const ownRole = `arn:aws:iam::${ACCOUNT}:role/github-deploy-social-news`;

  test('it creates and changes roles only with the boundary', () => {
    expect(allowed(calls(roleChanges, role, withBoundary))).toEqual(calls(roleChanges, role, withBoundary));
    expect(allowed([...calls(roleChanges, role), ...calls(roleChanges, role, administrator)])).toEqual([]);
  });

  test.each([
    ['take the boundary off a role', calls('iam:DeleteRolePermissionsBoundary', role, withBoundary)],
    ['change the boundary policy', calls('iam:CreatePolicyVersion SetDefaultPolicyVersion DeletePolicyVersion DeletePolicy', BOUNDARY_ARN)],
    ['pass roles to another service than Lambda', calls('iam:PassRole', role, { 'iam:PassedToService': 'ec2.amazonaws.com' })],
    ['pass a role not of the stacks', calls('iam:PassRole', `arn:aws:iam::${ACCOUNT}:role/admin`, toLambda)],
    [
      'change its own role, whose name is outside the stacks’',
      calls('iam:PutRolePolicy AttachRolePolicy UpdateAssumeRolePolicy DeleteRolePermissionsBoundary', ownRole, withBoundary),
    ],
  ])('it cannot %s', (_what, requests) => {
    expect(DEPLOY_ROLE).toBe('github-deploy-social-news');
    expect(allowed(requests)).toEqual([]);
  });

  test('no statement allows IAM on every resource, or every action of a service but the stacks’ own', () => {
    for (const statement of deploy.Statement.filter((candidate) => candidate.Effect === 'Allow')) {
      const actions = [statement.Action].flat();
      const resources = [statement.Resource].flat();
      const tooWide = actions.some((action) => action === '*' || (action.startsWith('iam:') && resources.includes('*')));
      expect([statement.Sid, tooWide]).toEqual([statement.Sid, false]);
      if (actions.some((action) => action.endsWith(':*')))
        for (const resource of resources) expect(resource).toMatch(/social-news-|aws-sam-cli-managed-default|:aws:transform\//);
    }
  });

  test('the boundary it demands is the bootstrap’s, which CI gives every role of the stack', () => {
    expect(BOUNDARY_ARN).toBe(`arn:aws:iam::${ACCOUNT}:policy/social-news-function-boundary`);
    const statement = deploy.Statement.find((candidate) => candidate.Sid === 'RolesWithTheBoundary')!;
    expect(statement.Condition).toEqual({ StringEquals: { 'iam:PermissionsBoundary': BOUNDARY_ARN } });
    const stack = { parameters: { [BOUNDARY_PARAMETER]: BOUNDARY_ARN }, region: REGION };
    // Every function's, from Globals: test/static/template-functions.test.ts.
    expect(resolveValue(template, template.Globals!.Function!, stack)).toMatchObject({ PermissionsBoundary: BOUNDARY_ARN });
    const trafficRole = resolveValue(template, template.Resources.DeployTrafficRole!.Properties, stack);
    expect(trafficRole).toMatchObject({ PermissionsBoundary: BOUNDARY_ARN });
  });

  test('without the parameter (a deploy by hand), the stack’s roles carry no boundary', () => {
    expect(resolveValue(template, template.Globals!.Function!)).not.toHaveProperty('PermissionsBoundary');
    expect(resolveValue(template, template.Resources.DeployTrafficRole!.Properties)).not.toHaveProperty('PermissionsBoundary');
  });

  test('only this repository’s staging and production environments may assume it, with GitHub’s audience', () => {
    const environments = [`repo:${REPOSITORY}:environment:staging`, `repo:${REPOSITORY}:environment:production`];
    const StringEquals = {
      'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
      'token.actions.githubusercontent.com:sub': environments,
    };
    expect(trust.Statement).toEqual([expect.objectContaining({ Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals } })]);
  });

  test('it trusts the OIDC provider the bootstrap makes, or the account’s own when given', () => {
    expect(trust.Statement[0].Principal.Federated).toBe('GitHubOidcProvider'); // the resource's Ref: its ARN
    const own = `arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`;
    const reused = resolveValue(bootstrap, deployRole.AssumeRolePolicyDocument, {
      parameters: { GitHubRepository: REPOSITORY, GitHubOidcProviderArn: own },
    }) as any;
    expect(reused.Statement[0].Principal.Federated).toBe(own);
  });
});
