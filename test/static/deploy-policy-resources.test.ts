/**
 * The bootstrap stack's deploy policy, held to template.yaml (docs/deploy.md): in each stage, it allows what
 * CloudFormation calls for every resource of the template, under the names it gets there, and what a deploy calls
 * beyond them. Evaluated by ../support/iam-policy.
 */
import { resolveValue } from '../../infra/template/evaluate';
import { policyAllows, type Request } from '../support/iam-policy';
import {
  ACCOUNT,
  arn,
  BOUNDARY_ARN,
  BOUNDARY_PARAMETER,
  calls,
  deploy,
  REGION,
  roleOf,
  STAGES,
  template,
  toLambda,
  withBoundary,
} from '../support/bootstrap-policies';

/** Parameters that make every conditional resource of the template (custom domains and alarms), with CI's boundary. */
const EVERYTHING = {
  ApiDomainName: 'api.example.org',
  ApiCertificateArn: `arn:aws:acm:${REGION}:${ACCOUNT}:certificate/a`,
  ShortDomainName: 'sho.rt',
  ShortCertificateArn: `arn:aws:acm:${REGION}:${ACCOUNT}:certificate/b`,
  AlarmTopicArn: `arn:aws:sns:${REGION}:${ACCOUNT}:alarms`,
  [BOUNDARY_PARAMETER]: BOUNDARY_ARN,
};

/** SAM's CodeDeploy application, named after the stack too. */
const application = (stage: string) => `social-news-${stage}-ServerlessDeploymentApplication-A1B2C3D4E5F6`;
const apiGateway = (path: string) => `arn:aws:apigateway:${REGION}::${path}`;

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
