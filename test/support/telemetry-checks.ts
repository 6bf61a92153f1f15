/** The Contributor Insights rules of template.yaml that rank app keys (docs/operate.md#dashboard), and what they read. */
import type { Template } from '../../infra/template/read';
import { resolveValue } from '../../infra/template/evaluate';
import { httpApiEvents } from '../../infra/template/routes';
import { ofType, STAGES, show } from './template-values';

/** The request line's fields (lib/http/endpoint.ts) the rules and queries may read; request-line.test.ts checks them. */
export const REQUEST_LINE_FIELDS = ['message', 'route', 'type', 'app_key', 'status', 'duration_ms'] as const;

export const REQUEST_MESSAGE = 'request';

/** The endpoints with a Sunset date, whose callers have a rule of their own. */
const SUNSET_PATH_PREFIX = '/gallery';

/** What a Contributor Insights rule of the template reads, for one stage. */
export interface InsightRuleReading {
  readonly id: string;
  readonly state: unknown;
  readonly keys: readonly string[];
  readonly filters: ReadonlyArray<Record<string, unknown>>;
  readonly logGroups: readonly string[];
  readonly body: Record<string, unknown>;
}

const field = (path: unknown) => String(path).replace(/^\$\./, '');

/** Each function's log group name for a stage, by function id. */
export function functionLogGroups(template: Template, Stage: string): Map<string, string> {
  return new Map(
    ofType(template, 'AWS::Serverless::Function').flatMap(([id, resource]) => {
      const group = resource.Properties?.LoggingConfig?.LogGroup as { Ref?: string } | undefined;
      const defined = group?.Ref !== undefined && template.Resources[group.Ref] !== undefined;
      return defined ? [[id, String(resolveValue(template, group, { parameters: { Stage } }))] as [string, string]] : [];
    }),
  );
}

/** The functions of the API (its $default route's too: it logs a valid key), and those of its Sunset endpoints. */
export function apiFunctions(template: Template): { all: Set<string>; sunset: Set<string> } {
  const events = httpApiEvents(template).filter((event) => event.api === 'Api');
  return {
    all: new Set(events.map((event) => event.fn)),
    sunset: new Set(events.filter((event) => event.path.startsWith(SUNSET_PATH_PREFIX)).map((event) => event.fn)),
  };
}

/** A JSON body written as Fn::Sub, resolved for a stage and parsed; a string when it is not JSON. */
export function jsonBody(template: Template, value: unknown, Stage: string): Record<string, any> | string {
  try {
    return JSON.parse(String(resolveValue(template, value, { parameters: { Stage } }))) as Record<string, any>;
  } catch (error) {
    return `does not resolve to JSON (${(error as Error).message})`;
  }
}

/** The rules as a stage reads them; a problem string for a body that is not JSON. */
export function insightRules(template: Template, Stage = 'staging'): Array<InsightRuleReading | string> {
  return ofType(template, 'AWS::CloudWatch::InsightRule').map(([id, resource]) => {
    const body = jsonBody(template, resource.Properties?.RuleBody, Stage);
    if (typeof body === 'string') return `${id}: RuleBody ${body}`;
    return {
      id,
      state: resource.Properties?.RuleState,
      keys: ((body.Contribution?.Keys ?? []) as unknown[]).map(field),
      filters: (body.Contribution?.Filters ?? []) as Array<Record<string, unknown>>,
      logGroups: ((body.LogGroupNames ?? []) as unknown[]).map(String),
      body,
    };
  });
}

const sameSet = (a: Iterable<string>, b: Iterable<string>) => show([...new Set(a)].sort()) === show([...new Set(b)].sort());

/**
 * Enabled rules counting request lines with an app key by their fields, over the API's functions'
 * log groups only: app keys over all, (route, app key) over all, and over the Sunset ones alone.
 */
export const checkInsightRules = (template: Template): string[] => {
  const problems = new Set<string>();
  const { all, sunset } = apiFunctions(template);
  for (const Stage of STAGES) {
    const groups = functionLogGroups(template, Stage);
    const functionOf = new Map([...groups].map(([fn, group]) => [group, fn]));
    const rules = insightRules(template, Stage);
    const covering = (keys: string[], functions: Set<string>, exactly: boolean) =>
      rules.some((rule) => {
        if (typeof rule === 'string' || show(rule.keys) !== show(keys)) return false;
        const read = rule.logGroups.map((group) => functionOf.get(group) ?? `?${group}`);
        return exactly ? sameSet(read, functions) : [...functions].every((fn) => read.includes(fn));
      });
    for (const rule of rules) {
      if (typeof rule === 'string') {
        problems.add(rule);
        continue;
      }
      const { id, body } = rule;
      if (rule.state !== 'ENABLED') problems.add(`${id}: RuleState ${show(rule.state)} is not ENABLED`);
      if (show(body.Schema) !== show({ Name: 'CloudWatchLogRule', Version: 1 })) problems.add(`${id}: Schema is not CloudWatchLogRule 1`);
      if (body.LogFormat !== 'JSON') problems.add(`${id}: LogFormat ${show(body.LogFormat)} is not JSON`);
      if (body.AggregateOn !== 'Count') problems.add(`${id}: AggregateOn ${show(body.AggregateOn)} is not Count (requests)`);
      const fields = [...rule.keys, ...rule.filters.map((filter) => field(filter.Match))];
      for (const name of fields) {
        if (!(REQUEST_LINE_FIELDS as readonly string[]).includes(name))
          problems.add(`${id}: reads ${name}, which the request line does not have`);
      }
      if (!rule.filters.some((filter) => field(filter.Match) === 'message' && show(filter.In) === show([REQUEST_MESSAGE])))
        problems.add(`${id}: does not filter the request lines (message In ["${REQUEST_MESSAGE}"])`);
      if (!rule.filters.some((filter) => field(filter.Match) === 'app_key' && filter.IsPresent === true))
        problems.add(`${id}: counts requests refused before their app key was read (no app_key IsPresent filter)`);
      for (const group of rule.logGroups) {
        const fn = functionOf.get(group);
        if (fn === undefined || !all.has(fn))
          problems.add(`${id}: reads ${group}, which is not the log group of an API endpoint's function`);
      }
    }
    if (!covering(['app_key'], all, false)) problems.add("no rule ranks app keys over every API endpoint's function");
    if (!covering(['route', 'app_key'], all, false)) problems.add("no rule ranks (route, app key) over every API endpoint's function");
    if (sunset.size > 0 && !covering(['route', 'app_key'], sunset, true))
      problems.add(`no rule ranks (route, app key) over the Sunset endpoints' functions alone (${[...sunset].join(', ')})`);
  }
  return [...problems];
};
