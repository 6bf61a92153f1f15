/**
 * The bootstrap stack's permissions boundary of the function roles, held to template.yaml (docs/deploy.md): it
 * allows everything each function's own policy grants, and its logs, and what CodeDeploy does to release a
 * function; nothing else. Evaluated by ../support/iam-policy.
 */
import { resolveValue } from '../../infra/template/evaluate';
import { policyAllows, type Request } from '../support/iam-policy';
import { ACCOUNT, arn, boundary, calls, REGION, roleOf, STAGES, template } from '../support/bootstrap-policies';

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
