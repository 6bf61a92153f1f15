/**
 * The bootstrap stack's deploy role and function boundary, held to template.yaml: the role may deploy every
 * resource of each stage, but make roles only with the boundary and never escalate; the boundary allows what
 * the functions' policies and CodeDeploy need, nothing else. Evaluated by ../support/iam-policy.
 */
import { loadTemplate } from '../../infra/template/read';
import { PSEUDO_ACCOUNT_ID, resolveValue } from '../../infra/template/evaluate';
import { type Policy, policyAllows, type Request } from '../support/iam-policy';

/** The account the templates are resolved in (the local stack's), and a region. */
const ACCOUNT = PSEUDO_ACCOUNT_ID;
const REGION = 'eu-west-1';
const REPOSITORY = 'OWNER/REPO';

const bootstrap = loadTemplate('infra/bootstrap/template.yaml');
const bootstrapStack = { parameters: { GitHubRepository: REPOSITORY }, region: REGION };
const fromBootstrap = (value: unknown) => resolveValue(bootstrap, value, bootstrapStack) as any;
const deployRole = bootstrap.Resources.DeployRole!.Properties!;
const trust = fromBootstrap(deployRole.AssumeRolePolicyDocument);
const deploy = fromBootstrap(deployRole.Policies[0].PolicyDocument) as Policy;
const boundary = fromBootstrap(bootstrap.Resources.FunctionBoundary!.Properties!.PolicyDocument) as Policy;
/** The boundary's ARN, the bootstrap's output that CI passes to template.yaml. */
const BOUNDARY_ARN = fromBootstrap(bootstrap.Outputs!.FunctionBoundaryArn!.Value) as string;
const DEPLOY_ROLE = deployRole.RoleName as string;

const template = loadTemplate();
/** The parameter CI passes the boundary's ARN in, which every role of the stack then carries (docs/deploy.md). */
const BOUNDARY_PARAMETER = 'FunctionPermissionsBoundary';
const STAGES = ['staging', 'prod'];
/** Parameters that make every conditional resource of the template (custom domains and alarms), with CI's boundary. */
const EVERYTHING = {
  ApiDomainName: 'api.example.org',
  ApiCertificateArn: `arn:aws:acm:${REGION}:${ACCOUNT}:certificate/a`,
  ShortDomainName: 'sho.rt',
  ShortCertificateArn: `arn:aws:acm:${REGION}:${ACCOUNT}:certificate/b`,
  AlarmTopicArn: `arn:aws:sns:${REGION}:${ACCOUNT}:alarms`,
  [BOUNDARY_PARAMETER]: BOUNDARY_ARN,
};

/** The requests for each of `actions`, space-separated, on `resource`; an action without its service is of the one before it. */
const calls = (actions: string, resource: string, context?: Record<string, string>): Request[] => {
  let service = '';
  return actions.split(' ').map((action) => {
    if (action.includes(':')) service = action.split(':')[0]!;
    return { action: action.includes(':') ? action : `${service}:${action}`, resource, context };
  });
};
const withBoundary = { 'iam:PermissionsBoundary': BOUNDARY_ARN };
const toLambda = { 'iam:PassedToService': 'lambda.amazonaws.com' };
/** A role CloudFormation names after the stack (SAM's function roles are `<Function>Role`). */
const roleOf = (stage: string, roleId: string) => `arn:aws:iam::${ACCOUNT}:role/social-news-${stage}-${roleId}-A1B2C3D4E5F6`;
/** SAM's CodeDeploy application, named after the stack too. */
const application = (stage: string) => `social-news-${stage}-ServerlessDeploymentApplication-A1B2C3D4E5F6`;
const apiGateway = (path: string) => `arn:aws:apigateway:${REGION}::${path}`;
const arn = (service: string, resource: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}:${resource}`;

/**
 * What CloudFormation calls for a resource of each type the template has (SAM's types as the resources they become: a function with its
 * role and permissions, an HTTP API with its stage), given its properties' values in the stage (`prop`, of another resource when named). A
 * type missing here fails the tests: a new kind of resource needs its permissions in docs/deploy.md and here.
 */
const NEEDS: Readonly<Record<string, (id: string, prop: (key: string, of?: string) => string, stage: string) => Request[]>> = {
  'AWS::Serverless::Function': (id, prop, stage) => {
    const lambda = arn('lambda', `function:${prop('FunctionName')}`);
    const role = roleOf(stage, `${id}Role`);
    const codeDeploy = arn('codedeploy', `application:${application(stage)}`);
    return [
      ...calls('lambda:CreateFunction GetFunction UpdateFunctionCode UpdateFunctionConfiguration DeleteFunction TagResource', lambda),
      ...calls('lambda:AddPermission RemovePermission', lambda),
      ...calls('iam:CreateRole PutRolePolicy AttachRolePolicy DeleteRolePolicy DetachRolePolicy', role, withBoundary),
      ...calls('iam:GetRole GetRolePolicy TagRole DeleteRole', role),
      ...calls('iam:PassRole', role, toLambda),
      // AutoPublishAlias and DeploymentPreference: a version and the alias `live` per deploy, moved by CodeDeploy.
      ...calls('lambda:PublishVersion ListVersionsByFunction DeleteFunction', lambda),
      ...calls('lambda:CreateAlias GetAlias UpdateAlias DeleteAlias AddPermission', `${lambda}:live`),
      ...calls(
        'codedeploy:CreateDeploymentGroup GetDeploymentGroup UpdateDeploymentGroup DeleteDeploymentGroup',
        arn('codedeploy', `deploymentgroup:${application(stage)}/social-news-${stage}-${id}DeploymentGroup-A1B2C3D4E5F6`),
      ),
      ...calls('codedeploy:CreateApplication GetApplication DeleteApplication CreateDeployment GetDeployment StopDeployment', codeDeploy),
      ...calls('codedeploy:GetDeploymentConfig', arn('codedeploy', 'deploymentconfig:CodeDeployDefault.LambdaCanary10Percent15Minutes')),
    ];
  },
  // CodeDeploy's role for releases: made with the boundary, passed to CodeDeploy.
  'AWS::IAM::Role': (id, _prop, stage) => [
    ...calls('iam:CreateRole AttachRolePolicy DetachRolePolicy', roleOf(stage, id), withBoundary),
    ...calls('iam:GetRole TagRole DeleteRole', roleOf(stage, id)),
    ...calls('iam:PassRole', roleOf(stage, id), { 'iam:PassedToService': 'codedeploy.amazonaws.com' }),
  ],
  'AWS::Serverless::HttpApi': () => [
    ...calls('apigateway:POST', apiGateway('/apis')),
    ...calls('apigateway:GET PUT PATCH DELETE', apiGateway('/apis/a1b2c3d4e5')),
    ...calls('apigateway:POST', apiGateway('/apis/a1b2c3d4e5/stages')),
    ...calls('apigateway:PATCH DELETE', apiGateway('/apis/a1b2c3d4e5/stages/$default')),
  ],
  'AWS::ApiGatewayV2::DomainName': (_id, prop) => [
    ...calls('apigateway:POST', apiGateway('/domainnames')),
    ...calls('apigateway:GET PATCH DELETE', apiGateway(`/domainnames/${prop('DomainName')}`)),
  ],
  'AWS::ApiGatewayV2::ApiMapping': (id, prop) => {
    const domain = prop('DomainName', template.Resources[id]!.Properties!.DomainName.Ref);
    return [
      ...calls('apigateway:POST', apiGateway(`/domainnames/${domain}/apimappings`)),
      ...calls('apigateway:GET PATCH DELETE', apiGateway(`/domainnames/${domain}/apimappings/m1`)),
    ];
  },
  'AWS::Logs::LogGroup': (_id, prop) => [
    ...calls('logs:CreateLogGroup PutRetentionPolicy DeleteLogGroup TagResource', arn('logs', `log-group:${prop('LogGroupName')}`)),
    ...calls('logs:DescribeLogGroups', '*'),
  ],
  'AWS::DynamoDB::Table': (_id, prop) => {
    const table = arn('dynamodb', `table/${prop('TableName')}`);
    return [
      ...calls('dynamodb:CreateTable DescribeTable UpdateTable DeleteTable TagResource UpdateTimeToLive DescribeTimeToLive', table),
      ...calls('dynamodb:UpdateContinuousBackups DescribeContinuousBackups', table),
    ];
  },
  'AWS::CloudWatch::Alarm': (_id, prop) =>
    calls('cloudwatch:PutMetricAlarm DescribeAlarms DeleteAlarms', arn('cloudwatch', `alarm:${prop('AlarmName')}`)),
  // Dashboards are global: no region in their ARN.
  'AWS::CloudWatch::Dashboard': (_id, prop) =>
    calls('cloudwatch:PutDashboard GetDashboard DeleteDashboards', `arn:aws:cloudwatch::${ACCOUNT}:dashboard/${prop('DashboardName')}`),
  'AWS::CloudWatch::InsightRule': (_id, prop) => [
    ...calls('cloudwatch:PutInsightRule DeleteInsightRules TagResource', arn('cloudwatch', `insight-rule/${prop('RuleName')}`)),
    ...calls('cloudwatch:DescribeInsightRules', '*'),
  ],
};

/** What a deploy of the stage calls beyond its resources: the stack's change sets, the template's transforms, SAM's bucket. */
function stackNeeds(stage: string): Request[] {
  const transforms = [(template as unknown as { Transform: string | string[] }).Transform].flat();
  const stack = arn('cloudformation', `stack/social-news-${stage}/6a1b2c3d-0000-4000-8000-000000000000`);
  return [
    ...calls('cloudformation:CreateChangeSet DescribeChangeSet ExecuteChangeSet DescribeStacks', stack),
    ...transforms.flatMap((transform) =>
      calls('cloudformation:CreateChangeSet', `arn:aws:cloudformation:${REGION}:aws:transform/${transform.replace(/^AWS::/, '')}`),
    ),
    ...calls('s3:PutObject GetObject', `arn:aws:s3:::aws-sam-cli-managed-default-samclisourcebucket-1a2b3c/social-news-${stage}/0f1e2d`),
  ];
}

describe.each(STAGES)('the deploy policy, for the %s stack', (stage) => {
  const name = (value: unknown) => String(resolveValue(template, value, { parameters: { Stage: stage, ...EVERYTHING }, region: REGION }));

  test('knows what every kind of resource of the template needs', () => {
    const types = new Set(Object.values(template.Resources).map((resource) => resource.Type));
    expect([...types].filter((type) => !(type in NEEDS))).toEqual([]);
  });

  test.each(Object.keys(template.Resources))('allows what %s needs', (id) => {
    const resource = template.Resources[id]!;
    const prop = (key: string, of = id) => name(template.Resources[of]!.Properties![key]);
    const denied = NEEDS[resource.Type]!(id, prop, stage).filter((request) => !policyAllows(deploy, request));
    expect(denied).toEqual([]);
  });

  test('allows the stack’s change sets, the template’s transforms and SAM’s bucket', () => {
    expect(stackNeeds(stage).filter((request) => !policyAllows(deploy, request))).toEqual([]);
  });
});

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

describe('the permissions boundary of the function roles', () => {
  const functions = Object.keys(template.Resources).filter((id) => template.Resources[id]!.Type === 'AWS::Serverless::Function');
  const statementsOf = (id: string): any[] =>
    ((template.Resources[id]!.Properties!.Policies ?? []) as Array<{ Statement: any[] }>).flatMap((policy) => policy.Statement);
  const deniedBy = (requests: Request[]) => requests.filter((request) => !policyAllows(boundary, request));

  /** The ARN of a policy statement's resource in the stage: a table's or one of its indexes'. */
  function arnOf(value: any, stage: string): string {
    const tableArn = (id: string) => {
      const table = resolveValue(template, template.Resources[id]!.Properties!.TableName, { parameters: { Stage: stage } });
      return arn('dynamodb', `table/${table}`);
    };
    if ('Fn::GetAtt' in value) return tableArn(value['Fn::GetAtt'][0]);
    const [, table, rest] = /^\$\{(\w+)\.Arn\}(.*)$/.exec(value['Fn::Sub'])!;
    return tableArn(table!) + rest;
  }

  describe.each(STAGES)('in %s', (stage) => {
    test.each(functions)('allows everything %s’s policy grants, and its logs', (id) => {
      const requests = statementsOf(id).flatMap((statement) =>
        [statement.Resource].flat().flatMap((resource: unknown) => calls([statement.Action].flat().join(' '), arnOf(resource, stage))),
      );
      const functionName = resolveValue(template, template.Resources[id]!.Properties!.FunctionName, { parameters: { Stage: stage } });
      const stream = arn('logs', `log-group:/aws/lambda/${functionName}:log-stream:2026/01/01/[$LATEST]0a1b2c`);
      requests.push(...calls('logs:CreateLogStream PutLogEvents', stream));
      expect(deniedBy(requests)).toEqual([]);
    });
  });

  test('allows what CodeDeploy does with it to release a function: move its alias, read the alarms', () => {
    const alias = arn('lambda', 'function:social-news-prod-redirect:live');
    const requests = [
      ...calls('lambda:GetAlias UpdateAlias GetProvisionedConcurrencyConfig', alias),
      ...calls('cloudwatch:DescribeAlarms', '*'),
    ];
    expect(deniedBy(requests)).toEqual([]);
    expect(policyAllows(boundary, { action: 'lambda:UpdateAlias', resource: arn('lambda', 'function:payroll:live') })).toBe(false);
  });

  test('allows the DynamoDB actions the functions’ policies use, and no other', () => {
    const used = new Set(functions.flatMap((id) => statementsOf(id).flatMap((statement) => [statement.Action].flat())));
    const granted = boundary.Statement.flatMap((statement) => [statement.Action].flat()).filter((action) => action.startsWith('dynamodb:'));
    expect(granted.sort()).toEqual([...used].sort());
  });

  test('allows nothing beyond them: no IAM, no other table or action, no other log group', () => {
    const table = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/social-news-prod-gallery-v2`;
    const denied: Request[] = [
      { action: 'iam:CreateRole', resource: `arn:aws:iam::${ACCOUNT}:role/x` },
      { action: 'iam:PassRole', resource: roleOf('prod', 'ErrorsFunctionRole') },
      { action: 'dynamodb:Scan', resource: table },
      { action: 'dynamodb:DeleteTable', resource: table },
      { action: 'dynamodb:DeleteItem', resource: table },
      { action: 'dynamodb:GetItem', resource: `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/payroll` },
      { action: 'logs:PutLogEvents', resource: `arn:aws:logs:${REGION}:${ACCOUNT}:log-group:/aws/lambda/other:log-stream:x` },
      { action: 's3:GetObject', resource: 'arn:aws:s3:::any-bucket/key' },
      { action: 'lambda:InvokeFunction', resource: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:social-news-prod-errors` },
    ];
    expect(denied.filter((request) => policyAllows(boundary, request))).toEqual([]);
  });
});
