/**
 * What SAM makes of template.yaml, by SAM's own transform (aws-sam-translator, which cfn-lint
 * installs: ../support/cfn-lint.ts; run offline by ../support/sam-transform.py): each function's
 * release, the alias `live` that the routes invoke, moved by CodeDeploy with the template's role,
 * gradually and watched by the function's alarms in prod, all at once in staging; every role with
 * the boundary when one is given. It prints the resource counts docs/deploy.md gives ("What a release adds").
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
  const counts = Object.fromEntries(
    [
      'AWS::Lambda::Version',
      'AWS::Lambda::Alias',
      'AWS::CodeDeploy::DeploymentGroup',
      'AWS::CodeDeploy::Application',
      'AWS::IAM::Role',
    ].map((type) => [type, ofType(prod, type).length]),
  );
  console.log(`SAM's transform of the prod stack: ${Object.keys(prod.Resources).length} resources`, counts);
  expect(counts).toEqual({
    'AWS::Lambda::Version': 16,
    'AWS::Lambda::Alias': 16,
    'AWS::CodeDeploy::DeploymentGroup': 16,
    'AWS::CodeDeploy::Application': 1,
    // one per function, and CodeDeploy's (no role of SAM's own for it)
    'AWS::IAM::Role': 17,
  });
  for (const id of functions) {
    const alias = prod.Resources[`${id}Aliaslive`]!;
    expect(alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.DeploymentGroupName).toEqual({ Ref: `${id}DeploymentGroup` });
    const group = prod.Resources[`${id}DeploymentGroup`]!.Properties;
    expect(group.ServiceRoleArn).toEqual({ 'Fn::GetAtt': ['DeployTrafficRole', 'Arn'] });
    expect(group.AutoRollbackConfiguration).toEqual({
      Enabled: true,
      Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM', 'DEPLOYMENT_STOP_ON_REQUEST'],
    });
    const [condition, watched, none] = group.AlarmConfiguration['Fn::If'];
    expect([condition, none]).toEqual(['HasAlarms', {}]);
    expect(watched.Alarms.map((alarm: { Name: { Ref: string } }) => alarm.Name.Ref)).toEqual([
      `${id}ErrorsAlarm`,
      `${id}DurationP99Alarm`,
      'InternalErrorsAlarm',
    ]);
    expect(group.DeploymentConfigName['Fn::If'][0]).toBe('IsProd');
    expect(JSON.stringify(group.DeploymentConfigName['Fn::If'][1])).toContain('Canary10Percent15Minutes');
    expect(JSON.stringify(group.DeploymentConfigName['Fn::If'][2])).toContain('AllAtOnce');
  }
  // The routes invoke the alias, not the function's latest code.
  const integrations = JSON.stringify(ofType(prod, 'AWS::ApiGatewayV2::Api').map(([, api]) => api.Properties.Body));
  expect(integrations).toContain('Aliaslive');
  for (const [id, role] of ofType(prod, 'AWS::IAM::Role'))
    expect([id, role.Properties.PermissionsBoundary]).toEqual([
      id,
      { 'Fn::If': ['HasPermissionsBoundary', { Ref: 'FunctionPermissionsBoundary' }, { Ref: 'AWS::NoValue' }] },
    ]);
});
