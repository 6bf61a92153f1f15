/**
 * template.yaml's named and stored resources, read directly: it parses as CloudFormation reads it,
 * every name carries the stage, both HTTP APIs log and throttle as docs/deploy.md says, the tables
 * are kept or not by stage, and the custom domains come only when set.
 */
import { conditionHolds, failedRules, resolveValue, resourcesFor } from '../../infra/template/evaluate';
import { functionEnvironment } from '../../infra/template/functions';
import { loadTemplate } from '../../infra/template/read';

const template = loadTemplate();
const STAGES = ['staging', 'prod'];

test('parses with its short-form tags read as intrinsic functions', () => {
  expect(Object.keys(template)).toEqual(expect.arrayContaining(['Parameters', 'Conditions', 'Rules', 'Globals', 'Resources', 'Outputs']));
  expect(template.Resources.ErrorsFunction!.Properties!.FunctionName).toEqual({ 'Fn::Sub': 'social-news-${Stage}-errors' });
  expect(JSON.stringify(template)).not.toMatch(/"!(Ref|Sub|GetAtt|If|Equals|Not)\b/);
});

/**
 * The property that names each type of resource the template has. A role is named after the stack
 * (no CAPABILITY_NAMED_IAM); a domain and its mapping by the domain itself.
 */
const NAMED_BY: Readonly<Record<string, string | null>> = {
  'AWS::Serverless::Function': 'FunctionName',
  'AWS::Serverless::HttpApi': 'Name',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::CloudWatch::Alarm': 'AlarmName',
  'AWS::CloudWatch::Dashboard': 'DashboardName',
  'AWS::CloudWatch::InsightRule': 'RuleName',
  'AWS::IAM::Role': null,
  'AWS::ApiGatewayV2::DomainName': null,
  'AWS::ApiGatewayV2::ApiMapping': null,
};

test.each(STAGES)('in %s, every named resource carries the stage in its name, and no two of a type share one', (Stage) => {
  const names = Object.entries(template.Resources).flatMap(([id, resource]) => {
    expect([resource.Type, resource.Type in NAMED_BY]).toEqual([resource.Type, true]);
    const property = NAMED_BY[resource.Type];
    if (!property) return [];
    const name = resolveValue(template, resource.Properties![property], { parameters: { Stage } });
    expect([id, name]).toEqual([id, expect.stringContaining(Stage)]);
    return [`${resource.Type} ${name}`];
  });
  expect(names.length).toBeGreaterThan(80);
  expect(new Set(names).size).toBe(names.length);
});

test.each(['Api', 'ShortApi'])('%s: JSON access logs to its own log group, throttled by the parameters', (id) => {
  const { AccessLogSettings, DefaultRouteSettings } = template.Resources[id]!.Properties!;
  expect(AccessLogSettings.DestinationArn).toEqual({ 'Fn::GetAtt': [`${id}AccessLogGroup`, 'Arn'] });
  // The fields docs/operate.md follows a request by.
  expect(JSON.parse(AccessLogSettings.Format)).toMatchObject({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLatency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
  });
  expect(DefaultRouteSettings).toEqual({
    ThrottlingBurstLimit: { Ref: 'ThrottlingBurstLimit' },
    ThrottlingRateLimit: { Ref: 'ThrottlingRateLimit' },
  });
  // docs/deploy.md: a burst of 200 requests, 100 a second.
  expect(template.Parameters!.ThrottlingBurstLimit).toMatchObject({ Type: 'Number', Default: 200 });
  expect(template.Parameters!.ThrottlingRateLimit).toMatchObject({ Type: 'Number', Default: 100 });
});

describe('tables', () => {
  /** Per table, in the stage: DeletionPolicy, UpdateReplacePolicy, point-in-time recovery, deletion protection. */
  const keeping = (Stage: string) =>
    Object.fromEntries(
      Object.entries(template.Resources)
        .filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table')
        .map(([id, resource]) => {
          const resolve = (value: unknown) => resolveValue(template, value, { parameters: { Stage } });
          const recovery = resolve(resource.Properties!.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled) ?? false;
          const policies = [resolve(resource.DeletionPolicy), resolve(resource.UpdateReplacePolicy)];
          return [id, [...policies, recovery, resolve(resource.Properties!.DeletionProtectionEnabled)]];
        }),
    );

  test('prod keeps its records, with point-in-time recovery; the rate-limit counters go, unrecovered; none is deleted by hand', () => {
    const kept = ['Retain', 'Retain', true, true];
    expect(keeping('prod')).toEqual({ ShortUrlsTable: kept, RateLimitsTable: ['Delete', 'Delete', false, true], GalleryTable: kept });
  });

  test('staging tables go with their stack, without point-in-time recovery', () => {
    const gone = ['Delete', 'Delete', false, false];
    expect(keeping('staging')).toEqual({ ShortUrlsTable: gone, RateLimitsTable: gone, GalleryTable: gone });
  });
});

describe('custom domains', () => {
  const withDomains = {
    ApiDomainName: 'api.example.org',
    ApiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/a',
    ShortDomainName: 'sho.rt',
    ShortCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/b',
  };
  const env = (parameters: Record<string, string>) => functionEnvironment(template, { parameters });
  const output = (name: string, parameters: Record<string, string>) =>
    resolveValue(template, template.Outputs![name]!.Value, { parameters });

  test('none by default: no domain resources, execute-api URLs', () => {
    expect([conditionHolds(template, 'HasApiDomain'), conditionHolds(template, 'HasShortDomain')]).toEqual([false, false]);
    expect(resourcesFor(template).filter((id) => /Domain/.test(id))).toEqual([]);
    expect(env({}).SHORT_URL_HOST).toBe('https://ShortApi.execute-api.us-east-1.amazonaws.com');
    expect(output('ApiUrl', {})).toBe('https://Api.execute-api.us-east-1.amazonaws.com/');
    expect(failedRules(template)).toEqual([]);
  });

  test('when set: a domain and its mapping to the API’s stage, and short URLs on the short domain unless ShortUrlHost names another', () => {
    const domainResources = resourcesFor(template, { parameters: withDomains }).filter((id) => /Domain/.test(id));
    expect(domainResources.sort()).toEqual(['ApiDomain', 'ApiDomainMapping', 'ShortApiDomain', 'ShortApiDomainMapping']);
    const resolved = (id: string) => resolveValue(template, template.Resources[id]!.Properties, { parameters: withDomains });
    expect(resolved('ShortApiDomain')).toEqual({
      DomainName: 'sho.rt',
      DomainNameConfigurations: [{ CertificateArn: withDomains.ShortCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    expect(resolved('ShortApiDomainMapping')).toEqual({ DomainName: 'ShortApiDomain', ApiId: 'ShortApi', Stage: '$default' });
    expect(resolved('ApiDomainMapping')).toEqual({ DomainName: 'ApiDomain', ApiId: 'Api', Stage: '$default' });
    const hosts = [env(withDomains).SHORT_URL_HOST, output('ShortUrlHost', withDomains), output('ApiUrl', withDomains)];
    expect(hosts).toEqual(['https://sho.rt', 'https://sho.rt', 'https://api.example.org/']);
    expect(failedRules(template, { parameters: withDomains })).toEqual([]);
    expect(env({ ...withDomains, ShortUrlHost: 'https://links.example.org' }).SHORT_URL_HOST).toBe('https://links.example.org');
  });

  test.each([
    [{ ApiDomainName: 'api.example.org' }, 'ApiDomainHasCertificate: ApiDomainName needs ApiCertificateArn.'],
    [{ ShortDomainName: 'sho.rt' }, 'ShortDomainHasCertificate: ShortDomainName needs ShortCertificateArn.'],
  ])('a domain without its certificate is refused: %j', (parameters, refusal) => {
    expect(failedRules(template, { parameters })).toEqual([refusal]);
  });
});
