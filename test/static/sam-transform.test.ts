/**
 * What SAM's own transform (../support/sam-transform.py) makes of template.yaml: each function released via
 * its alias `live` by CodeDeploy, watched by its alarms; every role with the boundary. It prints the counts
 * docs/deploy.md gives ("What a release adds").
 */
import { withCfnLintPython } from '../support/cfn-lint';

jest.setTimeout(120_000);

type Rendered = { Resources: Record<string, { Type: string; Properties?: any; UpdatePolicy?: any }> };

function rendered(file: string, ...parameters: string[]): Rendered {
  const run = withCfnLintPython(['test/support/sam-transform.py', file, ...parameters], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Rendered;
}

const ofType = (template: Rendered, type: string) => Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
const BOUNDARY = 'arn:aws:iam::123456789012:policy/social-news-function-boundary';

test('every function is released through its alias live, by CodeDeploy with the template’s role and its alarms', () => {
  const prod = rendered('template.yaml', 'Stage=prod', `FunctionPermissionsBoundary=${BOUNDARY}`);
  const functions = ofType(prod, 'AWS::Lambda::Function').map(([id]) => id);
  expect(functions).toHaveLength(16);
  const expected = {
    'AWS::Lambda::Version': 16,
    'AWS::Lambda::Alias': 16,
    'AWS::CodeDeploy::DeploymentGroup': 16,
    'AWS::CodeDeploy::Application': 1,
    // one per function, and CodeDeploy's (no role of SAM's own for it)
    'AWS::IAM::Role': 17,
  };
  const counts = Object.fromEntries(Object.keys(expected).map((type) => [type, ofType(prod, type).length]));
  console.log(`SAM's transform of the prod stack: ${Object.keys(prod.Resources).length} resources`, counts);
  expect(counts).toEqual(expected);
  for (const id of functions) {
    const alias = prod.Resources[`${id}Aliaslive`]!;
    expect(alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.DeploymentGroupName).toEqual({ Ref: `${id}DeploymentGroup` });
    const group = prod.Resources[`${id}DeploymentGroup`]!.Properties;
    const rollBack = { Enabled: true, Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM', 'DEPLOYMENT_STOP_ON_REQUEST'] };
    expect(group).toMatchObject({ ServiceRoleArn: { 'Fn::GetAtt': ['DeployTrafficRole', 'Arn'] }, AutoRollbackConfiguration: rollBack });
    const [condition, watched, none] = group.AlarmConfiguration['Fn::If'];
    expect([condition, none]).toEqual(['HasAlarms', {}]);
    const alarms = [`${id}ErrorsAlarm`, `${id}DurationP99Alarm`, 'InternalErrorsAlarm'];
    expect(watched.Alarms.map((alarm: { Name: { Ref: string } }) => alarm.Name.Ref)).toEqual(alarms);
    const [isProd, inProd, elsewhere] = group.DeploymentConfigName['Fn::If'];
    expect([isProd, JSON.stringify(inProd), JSON.stringify(elsewhere)]).toEqual([
      'IsProd',
      expect.stringContaining('Canary10Percent15Minutes'),
      expect.stringContaining('AllAtOnce'),
    ]);
  }
  // The routes invoke the alias, not the function's latest code.
  const integrations = JSON.stringify(ofType(prod, 'AWS::ApiGatewayV2::Api').map(([, api]) => api.Properties.Body));
  expect(integrations).toContain('Aliaslive');
  const boundary = { 'Fn::If': ['HasPermissionsBoundary', { Ref: 'FunctionPermissionsBoundary' }, { Ref: 'AWS::NoValue' }] };
  for (const [id, role] of ofType(prod, 'AWS::IAM::Role')) expect([id, role.Properties.PermissionsBoundary]).toEqual([id, boundary]);
});
