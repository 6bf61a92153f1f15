/** The stage's dashboard in template.yaml (docs/operate.md#dashboard). */
import type { Template } from '../../infra/template/read';
import { resolveValue } from '../../infra/template/evaluate';
import { apiFunctions, functionLogGroups, jsonBody, REQUEST_MESSAGE } from './telemetry-checks';
import { ofType, STAGES, show } from './template-values';

/** The functions' metrics (lib/observability/powertools.ts), each of which the dashboard shows. */
const DASHBOARD_METRICS = [
  'Requests',
  'ShortUrlsCreated',
  'Redirects',
  'ViewsUnconfirmed',
  'RateLimited',
  'RetiredGallery',
  'RetiredApi',
  'RetiredCreate',
  'RetiredLinks',
] as const;

const sources = (query: string) => [...query.matchAll(/SOURCE '([^']+)'/g)].map((match) => match[1]!);

/**
 * One dashboard, JSON, showing every metric of the stage's own `service`, every rule, log queries of
 * request lines in function log groups, latency per endpoint and type, each application's last call.
 */
export const checkDashboard = (template: Template): string[] => {
  const problems = new Set<string>();
  const dashboards = ofType(template, 'AWS::CloudWatch::Dashboard');
  if (dashboards.length !== 1) return [`${dashboards.length} dashboards, not one`];
  const [id, resource] = dashboards[0]!;
  const variables = (template.Globals?.Function?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  const { all } = apiFunctions(template);
  for (const Stage of STAGES) {
    const stack = { parameters: { Stage } };
    const namespace = String(resolveValue(template, variables.POWERTOOLS_METRICS_NAMESPACE, stack));
    const service = String(resolveValue(template, variables.POWERTOOLS_SERVICE_NAME, stack));
    if (!service.includes(Stage))
      problems.add(
        `POWERTOOLS_SERVICE_NAME ${show(service)} does not carry the stage ${Stage}: two stages in one account would share their metrics`,
      );
    const body = jsonBody(template, resource.Properties?.DashboardBody, Stage);
    if (typeof body === 'string') return [`${id}: DashboardBody ${body}`];
    const widgets = (body.widgets ?? []) as Array<{ type?: string; properties?: Record<string, any> }>;
    const shown = new Set<string>();
    const expressions: string[] = [];
    for (const widget of widgets) {
      const title = show(widget.properties?.title ?? widget.type);
      for (const series of (widget.properties?.metrics ?? []) as unknown[][]) {
        const [first] = series as [unknown];
        if (first !== null && typeof first === 'object' && 'expression' in first) {
          const expression = String((first as { expression: unknown }).expression);
          const metric = new RegExp(`^SELECT \\w+\\((\\w+)\\) FROM SCHEMA\\(${namespace}\\b`).exec(expression);
          if (!metric) continue;
          expressions.push(expression);
          if (!expression.includes(`WHERE service = '${service}'`)) problems.add(`${id}: ${title} is not of the service ${service} alone`);
          shown.add(metric[1]!);
        } else if (first === namespace) {
          const dimensions = series.filter((item) => typeof item === 'string').slice(2);
          if (show(dimensions) !== show(['service', service])) problems.add(`${id}: ${title} is not of the service ${service} alone`);
          shown.add(String(series[1]));
        }
      }
    }
    for (const metric of DASHBOARD_METRICS) if (!shown.has(metric)) problems.add(`${id}: no widget shows ${metric} (${namespace})`);
    const perEndpointAndType = (expression: string) => /^SELECT SUM\(Requests\) .* GROUP BY endpoint, type\b/.test(expression);
    if (!expressions.some((expression) => perEndpointAndType(expression) && !expression.includes('status !=')))
      problems.add(`${id}: no requests per endpoint and type`);
    if (!expressions.some((expression) => perEndpointAndType(expression) && expression.includes("AND status != '200'")))
      problems.add(`${id}: no error answers per endpoint and type`);
    const ruleWidgets = widgets.map((widget) => String(widget.properties?.insightRule?.ruleName ?? ''));
    for (const [rule] of ofType(template, 'AWS::CloudWatch::InsightRule')) {
      if (!ruleWidgets.includes(`arn:local:${rule}.RuleName`)) problems.add(`${id}: no widget shows the rule ${rule}`);
    }
    const groups = functionLogGroups(template, Stage);
    const functionOf = new Map([...groups].map(([fn, group]) => [group, fn]));
    const queries = widgets.filter((widget) => widget.type === 'log').map((widget) => String(widget.properties?.query ?? ''));
    for (const query of queries) {
      for (const group of sources(query))
        if (!functionOf.has(group)) problems.add(`${id}: a log query reads ${group}, no function's log group`);
      if (!query.includes(`filter message = "${REQUEST_MESSAGE}"`)) problems.add(`${id}: a log query does not filter the request lines`);
    }
    const reads = (query: string, functions: Iterable<string>) => [...functions].every((fn) => sources(query).includes(groups.get(fn)!));
    if (!queries.some((query) => reads(query, groups.keys()) && /pct\(duration_ms, 99\).* by route, type\b/.test(query)))
      problems.add(`${id}: no p99 latency per endpoint and type over every function`);
    if (!queries.some((query) => reads(query, all) && /max\(@timestamp\) as last_call by app_key, route\b/.test(query)))
      problems.add(`${id}: no last call per application and endpoint over every API endpoint's function`);
  }
  return [...problems];
};
