/**
 * template.yaml's deprecation telemetry and dashboard (docs/operate.md#dashboard): Contributor Insights rules
 * count the request lines with an app key, and the dashboard shows its own stage. The lines' fields:
 * test/integration/request-line.test.ts.
 */
import { resolveValue } from '../../infra/template/evaluate';
import { loadTemplate } from '../../infra/template/read';

const template = loadTemplate();
const STAGES = ['staging', 'prod'];

/** The functions of the eight gallery endpoints, those with a Sunset date (docs/api.md, Retirement). */
const GALLERY = [
  ...['gallery-photos', 'gallery-photos-by-ids', 'gallery-photo', 'gallery-comments', 'gallery-photos-comments'],
  ...['gallery-photo-comments', 'gallery-comment', 'gallery-replies'],
];
/** The functions of the API's 14 endpoints and its $default route (which logs a valid app key too); not the short-link host's. */
const API = ['errors', 'error', 'containers', 'container', 'short-url-create', 'short-url', ...GALLERY, 'not-found'];
const EVERY_FUNCTION = [...API, 'redirect'];

/** A JSON body written as Fn::Sub, as the stage reads it. */
const bodyOf = (id: string, property: string, Stage: string) =>
  JSON.parse(String(resolveValue(template, template.Resources[id]!.Properties![property], { parameters: { Stage } })));
const logGroups = (Stage: string, functions: string[]) => functions.map((fn) => `/aws/lambda/social-news-${Stage}-${fn}`).sort();

describe.each(STAGES)('in %s', (Stage) => {
  test.each([
    ['AppKeysRule', ['app_key'], API],
    ['AppKeysByEndpointRule', ['route', 'app_key'], API],
    ['GalleryAppKeysRule', ['route', 'app_key'], GALLERY],
  ])('%s, enabled, counts the request lines with an app key by %j', (id, keys, functions) => {
    expect(template.Resources[id]!.Properties!.RuleState).toBe('ENABLED');
    const { LogGroupNames, ...body } = bodyOf(id, 'RuleBody', Stage);
    expect(LogGroupNames.sort()).toEqual(logGroups(Stage, functions));
    expect(body).toEqual({
      Schema: { Name: 'CloudWatchLogRule', Version: 1 },
      LogFormat: 'JSON',
      Contribution: {
        Keys: keys.map((key) => `$.${key}`),
        // Requests refused before their app key was read carry none, and are not counted.
        Filters: [
          { Match: '$.message', In: ['request'] },
          { Match: '$.app_key', IsPresent: true },
        ],
      },
      AggregateOn: 'Count',
    });
  });

  const widgets: Array<{ type: string; properties: Record<string, any> }> = bodyOf('Dashboard', 'DashboardBody', Stage).widgets;
  const service = `social-news-read-api-${Stage}`;

  test('the functions’ metrics are of the stage’s own service, which the dashboard shows alone', () => {
    const variables = resolveValue(template, template.Globals!.Function!.Environment, { parameters: { Stage } }) as any;
    expect(variables.Variables).toMatchObject({ POWERTOOLS_SERVICE_NAME: service, POWERTOOLS_METRICS_NAMESPACE: 'SocialNewsReadApi' });
    const series = widgets.flatMap((widget) => widget.properties.metrics ?? []);
    const own = series.filter(([first]) => first === 'SocialNewsReadApi');
    const expressions = series.flatMap(([first]) => (first.expression?.includes('SCHEMA(SocialNewsReadApi') ? [first.expression] : []));
    for (const line of own) expect(line.slice(2)).toEqual(['service', service]);
    for (const expression of expressions) expect(expression).toContain(`WHERE service = '${service}'`);
    // lib/observability/powertools.ts's metrics, Requests by SQL over its dimensions.
    const metrics = [
      ...['ShortUrlsCreated', 'Redirects', 'RateLimited', 'ViewsUnconfirmed'],
      ...['RetiredApi', 'RetiredGallery', 'RetiredCreate', 'RetiredLinks'],
    ];
    expect(own.map((line) => line[1]).sort()).toEqual(metrics.sort());
    expect(expressions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SELECT SUM\(Requests\) .* WHERE service = '[\w-]+' GROUP BY endpoint, type ORDER/),
        expect.stringMatching(/^SELECT SUM\(Requests\) .* AND status != '200' GROUP BY endpoint, type, status ORDER/),
      ]),
    );
  });

  test('a widget per Contributor Insights rule, of the three', () => {
    const rules = widgets.flatMap((widget) => widget.properties.insightRule?.ruleName ?? []);
    const ids = Object.keys(template.Resources).filter((id) => template.Resources[id]!.Type === 'AWS::CloudWatch::InsightRule');
    expect(ids).toEqual(['AppKeysRule', 'AppKeysByEndpointRule', 'GalleryAppKeysRule']);
    // A rule's RuleName attribute, as the local evaluator writes a GetAtt.
    const shown = ['AppKeysRule', 'GalleryAppKeysRule', 'AppKeysByEndpointRule'].map((rule) => `arn:local:${rule}.RuleName`);
    expect(rules).toEqual(shown);
  });

  test('log queries of the request lines: latency per endpoint and type, last calls, and who the retirement hit', () => {
    const queries = widgets.filter((widget) => widget.type === 'log').map((widget) => String(widget.properties.query));
    const sources = (query: string) => [...query.matchAll(/SOURCE '([^']+)'/g)].map((match) => match[1]).sort();
    expect(queries.map(sources)).toEqual([logGroups(Stage, EVERY_FUNCTION), logGroups(Stage, API), logGroups(Stage, EVERY_FUNCTION)]);
    for (const query of queries) expect(query).toContain('| filter message = "request"');
    expect(queries[0]).toMatch(/pct\(duration_ms, 99\).* by route, type\b/);
    expect(queries[1]).toMatch(/max\(@timestamp\) as last_call by app_key, route\b/);
  });
});

test('one dashboard per stage, its URL an output', () => {
  const dashboards = Object.values(template.Resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Dashboard');
  const name = (Stage: string) => resolveValue(template, dashboards[0]!.Properties!.DashboardName, { parameters: { Stage } });
  expect([dashboards.length, name('staging'), name('prod')]).toEqual([1, 'social-news-staging', 'social-news-prod']);
  // The Ref of a dashboard is its name.
  expect(template.Outputs!.DashboardUrl!.Value).toEqual({
    'Fn::Sub': 'https://${AWS::Region}.console.aws.amazon.com/cloudwatch/home?region=${AWS::Region}#dashboards/dashboard/${Dashboard}',
  });
});
