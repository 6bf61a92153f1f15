/**
 * template.yaml, checked offline by test/support/template-checks.ts: the real template has no problems,
 * and each deliberately broken copy of it has the problem it was broken with.
 */
import { CHECKS, checkTemplate, EXPECTED_ROUTES } from '../support/template-checks';
import { routeKeys } from '../support/template-values';
import { apiFunctions, functionLogGroups, type InsightRuleReading, insightRules } from '../support/telemetry-checks';
import { loadTemplate, type Template } from '../../infra/template/read';
import { conditionHolds, failedRules, resolveValue, resourcesFor } from '../../infra/template/evaluate';
import { functionEnvironment } from '../../infra/template/functions';

const template = loadTemplate();
const copy = (): Template => structuredClone(template) as Template;
type Writable = { -readonly [K in keyof Template]: any };
/** Rewrites the Fn::Sub string of a resource's property. */
const sub = (t: Writable, id: string, property: string, change: (text: string) => string) => {
  const value = t.Resources[id].Properties[property];
  value['Fn::Sub'] = change(value['Fn::Sub']);
};

describe('template.yaml, as CloudFormation reads it', () => {
  test('parses with its short-form tags read as intrinsic functions', () => {
    expect(Object.keys(template)).toEqual(expect.arrayContaining(['Parameters', 'Conditions', 'Rules', 'Globals', 'Resources', 'Outputs']));
    expect(template.Resources.ErrorsFunction!.Properties!.FunctionName).toEqual({ 'Fn::Sub': 'social-news-${Stage}-errors' });
    expect(template.Resources.ShortUrlFunction!.Properties!.Policies[0].Statement[0].Resource).toEqual({
      'Fn::GetAtt': ['ShortUrlsTable', 'Arn'],
    });
    expect(JSON.stringify(template)).not.toMatch(/"!(Ref|Sub|GetAtt|If|Equals|Not)\b/);
  });

  test.each(Object.keys(CHECKS))('has no %s problems', (name) => {
    expect(CHECKS[name]!(template, {})).toEqual([]);
  });

  test('its routes are those of docs/api.md: the read API’s endpoints, the redirects and both catch-alls', () => {
    const keys = routeKeys(template)
      .map((route) => route.key)
      .sort();
    expect(keys).toHaveLength(18); // 14 endpoints and the catch-all on Api; GET, HEAD and the catch-all on ShortApi
    expect(keys).toEqual(
      Object.entries(EXPECTED_ROUTES)
        .flatMap(([api, routes]) => routes.map((route) => `${api} ${route}`))
        .sort(),
    );
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
    expect(conditionHolds(template, 'HasApiDomain')).toBe(false);
    expect(conditionHolds(template, 'HasShortDomain')).toBe(false);
    expect(resourcesFor(template)).not.toEqual(expect.arrayContaining(['ApiDomain']));
    expect(resourcesFor(template).filter((id) => /Domain/.test(id))).toEqual([]);
    expect(env({}).SHORT_URL_HOST).toBe('https://ShortApi.execute-api.us-east-1.amazonaws.com');
    expect(output('ApiUrl', {})).toBe('https://Api.execute-api.us-east-1.amazonaws.com/');
    expect(failedRules(template)).toEqual([]);
  });

  test('when set: a domain and its mapping to the API’s stage, and short URLs on the short domain', () => {
    expect(
      resourcesFor(template, { parameters: withDomains })
        .filter((id) => /Domain/.test(id))
        .sort(),
    ).toEqual(['ApiDomain', 'ApiDomainMapping', 'ShortApiDomain', 'ShortApiDomainMapping']);
    const resolved = (id: string) => resolveValue(template, template.Resources[id]!.Properties, { parameters: withDomains });
    expect(resolved('ShortApiDomain')).toEqual({
      DomainName: 'sho.rt',
      DomainNameConfigurations: [{ CertificateArn: withDomains.ShortCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    expect(resolved('ShortApiDomainMapping')).toEqual({ DomainName: 'ShortApiDomain', ApiId: 'ShortApi', Stage: '$default' });
    expect(resolved('ApiDomainMapping')).toEqual({ DomainName: 'ApiDomain', ApiId: 'Api', Stage: '$default' });
    expect(env(withDomains).SHORT_URL_HOST).toBe('https://sho.rt');
    expect(output('ShortUrlHost', withDomains)).toBe('https://sho.rt');
    expect(output('ApiUrl', withDomains)).toBe('https://api.example.org/');
    expect(failedRules(template, { parameters: withDomains })).toEqual([]);
  });

  test('ShortUrlHost still wins over the short domain', () => {
    expect(env({ ...withDomains, ShortUrlHost: 'https://links.example.org' }).SHORT_URL_HOST).toBe('https://links.example.org');
  });

  test('a domain without its certificate is refused', () => {
    expect(failedRules(template, { parameters: { ApiDomainName: 'api.example.org' } })).toEqual([
      'ApiDomainHasCertificate: ApiDomainName needs ApiCertificateArn.',
    ]);
    expect(failedRules(template, { parameters: { ShortDomainName: 'sho.rt' } })).toEqual([
      'ShortDomainHasCertificate: ShortDomainName needs ShortCertificateArn.',
    ]);
  });
});

describe('alarms', () => {
  const alarms = Object.entries(template.Resources).filter(([, resource]) => resource.Type === 'AWS::CloudWatch::Alarm');
  const topic = 'arn:aws:sns:us-east-1:123456789012:social-news-alarms';

  test('three per function, two per HTTP API, and the stage’s internal errors', () => {
    expect(alarms).toHaveLength(16 * 3 + 2 * 2 + 1);
  });

  test('none without AlarmTopicArn (its default): every alarm’s condition is false', () => {
    expect(template.Parameters!.AlarmTopicArn!.Default).toBe('');
    expect(conditionHolds(template, 'HasAlarmTopic')).toBe(false);
    for (const [, alarm] of alarms) expect(conditionHolds(template, alarm.Condition!)).toBe(false);
    expect(resourcesFor(template).filter((id) => template.Resources[id]!.Type === 'AWS::CloudWatch::Alarm')).toEqual([]);
  });

  test('in prod without a topic: all of them, notifying nobody, since they watch each release', () => {
    const stack = { parameters: { Stage: 'prod' } };
    expect(resourcesFor(template, stack).filter((id) => template.Resources[id]!.Type === 'AWS::CloudWatch::Alarm')).toHaveLength(
      alarms.length,
    );
    for (const [, alarm] of alarms) {
      const properties = resolveValue(template, alarm.Properties, stack) as Record<string, unknown>;
      expect(properties).not.toHaveProperty('AlarmActions');
      expect(properties).not.toHaveProperty('OKActions');
    }
  });

  test('the internal-errors alarm counts the stage’s answers of error 500, minute by minute', () => {
    const properties = resolveValue(template, template.Resources.InternalErrorsAlarm!.Properties, { parameters: { Stage: 'prod' } }) as any;
    expect(properties.Metrics).toEqual([
      {
        Id: 'internal',
        ReturnData: true,
        Period: 60,
        Expression: "SELECT SUM(Requests) FROM SocialNewsReadApi WHERE service = 'social-news-read-api-prod' AND status = '500'",
      },
    ]);
    expect(properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
  });

  test('with a topic: all of them, notifying it when they fire and when they clear', () => {
    const stack = { parameters: { AlarmTopicArn: topic, Stage: 'prod' } };
    expect(conditionHolds(template, 'HasAlarmTopic', stack)).toBe(true);
    expect(resourcesFor(template, stack).filter((id) => template.Resources[id]!.Type === 'AWS::CloudWatch::Alarm')).toHaveLength(
      alarms.length,
    );
    for (const [, alarm] of alarms) {
      const properties = resolveValue(template, alarm.Properties, stack) as Record<string, unknown>;
      expect(properties).toMatchObject({ AlarmActions: [topic], OKActions: [topic], TreatMissingData: 'notBreaching' });
      expect(properties.AlarmName).toMatch(/-prod-/);
    }
  });

  test('the 5xx rate and p99 latency thresholds are parameters, 1 % and 1000 ms by default', () => {
    const resolved = (id: string) => resolveValue(template, template.Resources[id]!.Properties) as Record<string, any>;
    expect(resolved('Api5xxRateAlarm')).toMatchObject({ Threshold: '1', EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    expect(resolved('ShortApi5xxRateAlarm').Metrics[0].MetricStat.Metric).toEqual({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [
        { Name: 'ApiId', Value: 'ShortApi' },
        { Name: 'Stage', Value: '$default' },
      ],
    });
    expect(resolved('ShortApiLatencyP99Alarm')).toMatchObject({ MetricName: 'Latency', ExtendedStatistic: 'p99', Threshold: '1000' });
  });
});

describe('tables', () => {
  const policies = (Stage: string) =>
    Object.fromEntries(
      Object.entries(template.Resources)
        .filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table')
        .map(([id, resource]) => {
          const resolve = (value: unknown) => resolveValue(template, value, { parameters: { Stage } });
          const recovery = resolve(resource.Properties!.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled) ?? false;
          return [id, [resolve(resource.DeletionPolicy), resolve(resource.UpdateReplacePolicy), recovery]];
        }),
    );

  test('prod keeps its records, with point-in-time recovery; the rate-limit counters go, unrecovered', () => {
    expect(policies('prod')).toEqual({
      ShortUrlsTable: ['Retain', 'Retain', true],
      RateLimitsTable: ['Delete', 'Delete', false],
      GalleryTable: ['Retain', 'Retain', true],
    });
  });

  test('staging tables go with their stack, without point-in-time recovery', () => {
    expect(policies('staging')).toEqual({
      ShortUrlsTable: ['Delete', 'Delete', false],
      RateLimitsTable: ['Delete', 'Delete', false],
      GalleryTable: ['Delete', 'Delete', false],
    });
  });
});

describe('deprecation telemetry', () => {
  const rules = insightRules(template, 'prod') as InsightRuleReading[];
  const groups = functionLogGroups(template, 'prod');
  const functionsRead = (rule: InsightRuleReading) => rule.logGroups.map((group) => [...groups].find(([, name]) => name === group)?.[0]);
  const { all, sunset } = apiFunctions(template);

  test('three Contributor Insights rules, each counting the request lines that carry an app key', () => {
    expect(rules.map((rule) => [rule.id, rule.keys])).toEqual([
      ['AppKeysRule', ['app_key']],
      ['AppKeysByEndpointRule', ['route', 'app_key']],
      ['GalleryAppKeysRule', ['route', 'app_key']],
    ]);
    for (const rule of rules) {
      expect(rule.filters).toEqual([
        { Match: '$.message', In: ['request'] },
        { Match: '$.app_key', IsPresent: true },
      ]);
      expect(rule.body).toMatchObject({ LogFormat: 'JSON', AggregateOn: 'Count' });
    }
  });

  test('over the functions of the 14 endpoints of the API and its $default route, and the gallery rule over the 8 gallery endpoints’ alone', () => {
    expect(all.size).toBe(15);
    expect(sunset.size).toBe(8);
    expect(functionsRead(rules[0]!).sort()).toEqual([...all].sort());
    expect(functionsRead(rules[1]!).sort()).toEqual([...all].sort());
    expect(functionsRead(rules[2]!).sort()).toEqual([...sunset].sort());
    expect(rules[0]!.logGroups).toContain('/aws/lambda/social-news-prod-gallery-photos');
    expect(rules[0]!.logGroups).not.toContain('/aws/lambda/social-news-prod-redirect');
    expect(rules[0]!.logGroups).toContain('/aws/lambda/social-news-prod-not-found');
    expect(rules[2]!.logGroups).not.toContain('/aws/lambda/social-news-prod-not-found');
  });

  test('one dashboard per stage, its URL an output', () => {
    const name = (Stage: string) =>
      resolveValue(template, template.Resources.Dashboard!.Properties!.DashboardName, { parameters: { Stage } });
    expect([name('staging'), name('prod')]).toEqual(['social-news-staging', 'social-news-prod']);
    // The Ref of a dashboard is its name.
    expect(template.Outputs!.DashboardUrl!.Value).toEqual({
      'Fn::Sub': 'https://${AWS::Region}.console.aws.amazon.com/cloudwatch/home?region=${AWS::Region}#dashboards/dashboard/${Dashboard}',
    });
  });
});

/**
 * A broken copy of the template, and a part of the problem it must be reported with. cfn-lint
 * reports a route declared twice (E0001, from SAM's transform), a log group that is not there
 * (E1019/E1020) and a memory size out of range (E3034): test/static/cfn-lint.test.ts.
 */
const MUTATIONS: Array<[string, (t: Writable) => void, RegExp]> = [
  [
    'a handler path typo',
    (t) => (t.Resources.ErrorFunction.Metadata.BuildProperties.EntryPoints = ['functions/eror.ts']),
    /ErrorFunction: .*functions\/eror\.ts/,
  ],
  [
    'a handler export typo',
    (t) => (t.Resources.ErrorFunction.Properties.Handler = 'error.handle'),
    /ErrorFunction: functions\/error\.ts does not export handle$/,
  ],
  [
    'a missing route',
    (t) => delete t.Resources.GalleryRepliesFunction.Properties.Events,
    /route Api GET \/galleryphoto\/\{id\}\/comment\/\{comment_id\}\/replies of docs\/api\.md is missing/,
  ],
  [
    'a route on the implicit API',
    (t) => delete t.Resources.ErrorsFunction.Properties.Events.Get.Properties.ApiId,
    /ErrorsFunction: route \(implicit API\) GET \/errors is not on an HTTP API/,
  ],
  [
    'a wildcard action',
    (t) => (t.Resources.GalleryPhotoFunction.Properties.Policies[0].Statement[0].Action = ['dynamodb:*']),
    /GalleryPhotoFunction: action dynamodb:\* is a wildcard/,
  ],
  [
    'a wildcard resource',
    (t) => (t.Resources.ShortUrlFunction.Properties.Policies[0].Statement[0].Resource = '*'),
    /ShortUrlFunction: resource "\*" has a wildcard/,
  ],
  [
    'an index wildcard',
    (t) =>
      t.Resources.GalleryRepliesFunction.Properties.Policies[0].Statement[0].Resource.push({ 'Fn::Sub': '${GalleryTable.Arn}/index/*' }),
    /GalleryRepliesFunction: resource .*index\/\*.* has a wildcard/,
  ],
  [
    'a Scan',
    (t) => t.Resources.GalleryCommentsFunction.Properties.Policies[0].Statement[0].Action.push('dynamodb:Scan'),
    /GalleryCommentsFunction: action dynamodb:Scan is forbidden/,
  ],
  [
    'a write in a read-only function',
    (t) => t.Resources.ShortUrlFunction.Properties.Policies[0].Statement[0].Action.push('dynamodb:UpdateItem'),
    /ShortUrlFunction: dynamodb:UpdateItem on ShortUrlsTable is more than it needs/,
  ],
  [
    'a gallery GetItem',
    (t) => t.Resources.GalleryPhotoFunction.Properties.Policies[0].Statement[0].Action.push('dynamodb:GetItem'),
    /GalleryPhotoFunction: dynamodb:GetItem on GalleryTable is more than it needs/,
  ],
  [
    'a table the environment does not name',
    (t) => (t.Resources.ShortUrlFunction.Properties.Policies[0].Statement[0].Resource = { 'Fn::GetAtt': ['GalleryTable', 'Arn'] }),
    /ShortUrlFunction: policy reaches GalleryTable, which its environment does not name/,
  ],
  [
    'DynamoDB for a function without tables',
    (t) =>
      (t.Resources.ErrorsFunction.Properties.Policies = [
        { Statement: [{ Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: { 'Fn::GetAtt': ['ShortUrlsTable', 'Arn'] } }] },
      ]),
    /ErrorsFunction: has DynamoDB actions \(dynamodb:GetItem\) but no table/,
  ],
  [
    'a managed policy',
    (t) => t.Resources.RedirectFunction.Properties.Policies.push('AmazonDynamoDBFullAccess'),
    /RedirectFunction: policy "AmazonDynamoDBFullAccess" is not an inline statement list/,
  ],
  [
    'a SAM policy template',
    (t) => t.Resources.RedirectFunction.Properties.Policies.push({ DynamoDBReadPolicy: { TableName: { Ref: 'ShortUrlsTable' } } }),
    /RedirectFunction: policy .*DynamoDBReadPolicy.* is not an inline/,
  ],
  [
    'a table without a statement',
    (t) => delete t.Resources.ShortUrlFunction.Properties.Policies,
    /ShortUrlFunction: SHORT_URLS_TABLE names ShortUrlsTable, which no statement lets it use/,
  ],
  ['a timeout of 30 s', (t) => (t.Globals.Function.Timeout = 30), /ErrorsFunction: Timeout 30 is not 1–29 s/],
  [
    'a function’s own timeout of 30 s',
    (t) => (t.Resources.RedirectFunction.Properties.Timeout = 30),
    /RedirectFunction: Timeout 30 is not 1–29 s/,
  ],
  ['no memory size', (t) => delete t.Globals.Function.MemorySize, /ContainersFunction: MemorySize undefined/],
  [
    'x86_64',
    (t) => (t.Resources.NotFoundFunction.Properties.Architectures = ['x86_64']),
    /NotFoundFunction: Architectures \["x86_64"\] is not \[arm64\]/,
  ],
  [
    'no logging config',
    (t) => delete t.Resources.GalleryPhotoFunction.Properties.LoggingConfig,
    /GalleryPhotoFunction: no LoggingConfig.LogGroup of its own/,
  ],
  [
    'a log group of another function',
    (t) => (t.Resources.ErrorsFunction.Properties.LoggingConfig.LogGroup = { Ref: 'ErrorLogGroup' }),
    /ErrorsFunction: log group "\/aws\/lambda\/social-news-staging-error" is not \/aws\/lambda\/social-news-staging-errors/,
  ],
  [
    'a log group kept forever',
    (t) => delete t.Resources.ApiAccessLogGroup.Properties.RetentionInDays,
    /ApiAccessLogGroup: log group without RetentionInDays/,
  ],
  [
    'a resource name without Stage',
    (t) => (t.Resources.GalleryTable.Properties.TableName = 'social-news-gallery'),
    /GalleryTable: TableName "social-news-gallery" does not carry the stage staging/,
  ],
  ['a function without a name', (t) => delete t.Resources.RedirectFunction.Properties.FunctionName, /RedirectFunction: no FunctionName/],
  [
    'an API name without Stage',
    (t) => (t.Resources.ShortApi.Properties.Name = 'short-links'),
    /ShortApi: Name "short-links" does not carry the stage/,
  ],
  [
    'two functions with one name',
    (t) => (t.Resources.ErrorFunction.Properties.FunctionName = { 'Fn::Sub': 'social-news-${Stage}-errors' }),
    /ErrorFunction: FunctionName "social-news-staging-errors" is also ErrorsFunction's/,
  ],
  [
    'no access logs',
    (t) => delete t.Resources.ShortApi.Properties.AccessLogSettings,
    /ShortApi: AccessLogSettings.DestinationArn is not a log group's Arn/,
  ],
  [
    'plain-text access logs',
    (t) => (t.Resources.Api.Properties.AccessLogSettings.Format = '$context.requestId $context.status'),
    /Api: access log Format is not JSON/,
  ],
  [
    'an access log without latency',
    (t) => (t.Resources.Api.Properties.AccessLogSettings.Format = '{"requestId":"$context.requestId"}'),
    /Api: access log field integrationLatency is not \$context.integrationLatency/,
  ],
  [
    'no throttling',
    (t) => delete t.Resources.ShortApi.Properties.DefaultRouteSettings,
    /ShortApi: DefaultRouteSettings.ThrottlingBurstLimit is not set from a parameter/,
  ],
  [
    'a table without point-in-time recovery',
    (t) => delete t.Resources.GalleryTable.Properties.PointInTimeRecoverySpecification,
    /GalleryTable: no point-in-time recovery in prod/,
  ],
  ['a table deleted with the stack', (t) => (t.Resources.ShortUrlsTable.DeletionPolicy = 'Delete'), /ShortUrlsTable: not retained/],
  [
    'a table replaced without keeping its records',
    (t) => (t.Resources.GalleryTable.UpdateReplacePolicy = 'Delete'),
    /GalleryTable: not retained in prod/,
  ],
  ['a staging table kept', (t) => (t.Resources.ShortUrlsTable.DeletionPolicy = 'Retain'), /ShortUrlsTable: kept in staging/],
  [
    'point-in-time recovery in staging',
    (t) => (t.Resources.ShortUrlsTable.Properties.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled = true),
    /ShortUrlsTable: point-in-time recovery in staging, of staging data/,
  ],
  [
    'point-in-time recovery of the rate-limit counters',
    (t) => (t.Resources.RateLimitsTable.Properties.PointInTimeRecoverySpecification = { PointInTimeRecoveryEnabled: true }),
    /RateLimitsTable: point-in-time recovery in prod, of counters that expire/,
  ],
  [
    'the rate-limit counters kept in prod',
    (t) => (t.Resources.RateLimitsTable.DeletionPolicy = { 'Fn::If': ['IsProd', 'Retain', 'Delete'] }),
    /RateLimitsTable: kept in prod/,
  ],
  [
    'function roles without the permissions boundary',
    (t) => delete t.Globals.Function.PermissionsBoundary,
    /ErrorsFunction: PermissionsBoundary undefined is not the parameter FunctionPermissionsBoundary when set/,
  ],
  [
    'a function role with another boundary',
    (t) => (t.Resources.RedirectFunction.Properties.PermissionsBoundary = 'arn:aws:iam::aws:policy/AdministratorAccess'),
    /RedirectFunction: PermissionsBoundary "arn:aws:iam::aws:policy\/AdministratorAccess" is not the parameter/,
  ],
  [
    'a rule that leaves out an endpoint',
    (t) => sub(t, 'AppKeysRule', 'RuleBody', (body) => body.replace('"${ErrorsLogGroup}",', '')),
    /no rule ranks app keys over every API endpoint's function/,
  ],
  [
    'a rule over every API function that leaves out the $default route, whose line names who calls paths the API lacks',
    (t) => sub(t, 'AppKeysByEndpointRule', 'RuleBody', (body) => body.replace(/,\s*"\$\{NotFoundLogGroup\}"/, '')),
    /no rule ranks \(route, app key\) over every API endpoint's function/,
  ],
  [
    'a rule over the short-link host, whose lines have no app key',
    (t) =>
      sub(t, 'GalleryAppKeysRule', 'RuleBody', (body) =>
        body.replace('"${GalleryRepliesLogGroup}"', '"${GalleryRepliesLogGroup}", "${RedirectLogGroup}"'),
      ),
    /GalleryAppKeysRule: reads \/aws\/lambda\/social-news-staging-redirect, which is not the log group of an API endpoint's function/,
  ],
  [
    'a gallery rule that reads more than the gallery',
    (t) =>
      sub(t, 'GalleryAppKeysRule', 'RuleBody', (body) =>
        body.replace('"${GalleryRepliesLogGroup}"', '"${GalleryRepliesLogGroup}", "${ErrorsLogGroup}"'),
      ),
    /no rule ranks \(route, app key\) over the Sunset endpoints' functions alone/,
  ],
  [
    'a rule keyed on a field the request line does not have',
    (t) => sub(t, 'AppKeysByEndpointRule', 'RuleBody', (body) => body.replace('"$.route"', '"$.path"')),
    /AppKeysByEndpointRule: reads path, which the request line does not have/,
  ],
  [
    'a rule that counts every log line',
    (t) => sub(t, 'AppKeysRule', 'RuleBody', (body) => body.replace('{ "Match": "$.message", "In": ["request"] }, ', '')),
    /AppKeysRule: does not filter the request lines/,
  ],
  [
    'a rule body that is not JSON',
    (t) => sub(t, 'AppKeysRule', 'RuleBody', (body) => body.replace('"Schema":', 'Schema:')),
    /AppKeysRule: RuleBody does not resolve to JSON/,
  ],
  [
    'a disabled rule',
    (t) => (t.Resources.GalleryAppKeysRule.Properties.RuleState = 'DISABLED'),
    /GalleryAppKeysRule: RuleState "DISABLED"/,
  ],
  [
    'a rule name without Stage',
    (t) => (t.Resources.AppKeysRule.Properties.RuleName = 'app-keys'),
    /AppKeysRule: RuleName "app-keys" does not carry the stage/,
  ],
  [
    'a dashboard without the rate-limited count',
    (t) => sub(t, 'Dashboard', 'DashboardBody', (body) => body.replace(/,\s*\["SocialNewsReadApi", "RateLimited"[^\]]*\]/, '')),
    /Dashboard: no widget shows RateLimited/,
  ],
  [
    'a dashboard widget of every stage',
    (t) => sub(t, 'Dashboard', 'DashboardBody', (body) => body.replace("WHERE service = 'social-news-read-api-${Stage}' AND ", 'WHERE ')),
    /Dashboard: "API: error answers per endpoint, type and status" is not of the service social-news-read-api-staging alone/,
  ],
  [
    'a service name without the stage',
    (t) => (t.Globals.Function.Environment.Variables.POWERTOOLS_SERVICE_NAME = 'social-news-read-api'),
    /POWERTOOLS_SERVICE_NAME "social-news-read-api" does not carry the stage/,
  ],
  [
    'a dashboard without a rule',
    (t) => sub(t, 'Dashboard', 'DashboardBody', (body) => body.replace('${AppKeysByEndpointRule.RuleName}', '${AppKeysRule.RuleName}')),
    /Dashboard: no widget shows the rule AppKeysByEndpointRule/,
  ],
  [
    'a dashboard without error answers',
    (t) => sub(t, 'Dashboard', 'DashboardBody', (body) => body.replace("AND status != '200' ", '')),
    /Dashboard: no error answers per endpoint and type/,
  ],
  [
    'a log query of another log group',
    (t) => sub(t, 'Dashboard', 'DashboardBody', (body) => body.replace("SOURCE '${ErrorsLogGroup}'", "SOURCE '/aws/lambda/other'")),
    /Dashboard: a log query reads \/aws\/lambda\/other, no function's log group/,
  ],
  [
    'a latency query that leaves out a function',
    (t) => sub(t, 'Dashboard', 'DashboardBody', (body) => body.replace("SOURCE '${RedirectLogGroup}' | ", '')),
    /Dashboard: no p99 latency per endpoint and type over every function/,
  ],
  [
    'an alarm without actions',
    (t) => {
      delete t.Resources.ShortApi5xxRateAlarm.Properties.AlarmActions;
      delete t.Resources.ShortApi5xxRateAlarm.Properties.OKActions;
    },
    /ShortApi5xxRateAlarm: AlarmActions undefined is not \[!Ref AlarmTopicArn\]/,
  ],
  [
    'an alarm without the condition',
    (t) => delete t.Resources.ApiLatencyP99Alarm.Condition,
    /ApiLatencyP99Alarm: not conditional on HasAlarms/,
  ],
  [
    'prod released all at once',
    (t) => (t.Globals.Function.DeploymentPreference.Type = 'AllAtOnce'),
    /Globals: DeploymentPreference.Type "AllAtOnce" is not a canary in prod/,
  ],
  ['no alias for CodeDeploy to move', (t) => delete t.Globals.Function.AutoPublishAlias, /Globals: AutoPublishAlias undefined is not live/],
  [
    'CodeDeploy’s role without the boundary',
    (t) => delete t.Resources.DeployTrafficRole.Properties.PermissionsBoundary,
    /DeployTrafficRole: PermissionsBoundary undefined is not the parameter FunctionPermissionsBoundary when set/,
  ],
  [
    'alarms in prod only with a topic',
    (t) => (t.Conditions.HasAlarms = { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AlarmTopicArn' }, ''] }] }),
    /condition HasAlarms is not "HasAlarmTopic or IsProd"/,
  ],
  [
    'a 5xx count instead of a rate',
    (t) => (t.Resources.Api5xxRateAlarm.Properties.Metrics = [t.Resources.Api5xxRateAlarm.Properties.Metrics[0]]),
    /Api: 5xx rate: its alarm \(Api5xxRateAlarm\) is not a rate/,
  ],
  ['an API without its latency alarm', (t) => delete t.Resources.ShortApiLatencyP99Alarm, /ShortApi: Latency p99: no alarm/],
  [
    'an alarm name without Stage',
    (t) => (t.Resources.ErrorFunctionThrottlesAlarm.Properties.AlarmName = 'error-throttles'),
    /ErrorFunctionThrottlesAlarm: AlarmName "error-throttles" does not carry the stage/,
  ],
];

describe('a deliberately broken template fails', () => {
  test.each(MUTATIONS)('%s', (_name, mutate, problem) => {
    const broken = copy();
    mutate(broken as Writable);
    const problems = checkTemplate(broken);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  test('the real template is left as it was', () => {
    expect(checkTemplate(template)).toEqual([]);
  });
});
