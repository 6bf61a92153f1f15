/**
 * The request line that the Contributor Insights rules and the dashboard read (template.yaml;
 * docs/operate.md): every function of the template, invoked through its handler on one of its
 * routes, writes one line with message "request" that carries every field the rules read, as the
 * rules read them, and the line of every API endpoint's function every field of REQUEST_LINE_FIELDS.
 * The functions no rule reads are the short-link host's, whose requests carry no app key. The API's
 * $default route answers 404 whatever the key, and logs a valid one.
 */
import { capture, type Entry } from '../support/observability-capture';
import { resolveValue } from '../../infra/template/evaluate';
import { loadTemplate } from '../../infra/template/read';
import { functionsOf } from '../../infra/template/functions';
import { routesOf, type Route } from '../../infra/template/routes';
import { APP_KEY, invoke } from '../support/invoke';

jest.setTimeout(60_000);

/** The request line's fields (lib/http/endpoint.ts) that the rules and the dashboard's queries read. */
const REQUEST_LINE_FIELDS = ['message', 'route', 'type', 'app_key', 'status', 'duration_ms'];
const REQUEST_MESSAGE = 'request';

const output = capture();
beforeEach(() => output.clear());

const template = loadTemplate();
const routes = routesOf(template);
const inStaging = (value: unknown) => resolveValue(template, value, { parameters: { Stage: 'staging' } });
/** Each Contributor Insights rule as staging reads it: its keys (`app_key`), filters and log groups. */
const rules = Object.entries(template.Resources)
  .filter(([, resource]) => resource.Type === 'AWS::CloudWatch::InsightRule')
  .map(([id, resource]) => {
    const body = JSON.parse(String(inStaging(resource.Properties!.RuleBody)));
    const keys: string[] = body.Contribution.Keys.map((key: string) => key.replace(/^\$\./, ''));
    return { id, keys, filters: body.Contribution.Filters as Array<Record<string, unknown>>, logGroups: body.LogGroupNames as string[] };
  });
const groups = new Map(
  functionsOf(template).map((fn) => [fn.id, String(inStaging(template.Resources[fn.id]!.Properties!.LoggingConfig.LogGroup))]),
);
const apiFunctionIds = new Set(routes.filter((route) => route.api === 'Api').map((route) => route.fn.id));

/** A value for each path parameter the routes have, of the form its handler takes. */
const PATH_VALUES: Readonly<Record<string, string>> = {
  code: 'Zz9Zz9Q',
  short_name: 'technology',
  'short_url+': 'Zz9Zz9Q',
  list: '1001',
  id: '1001',
  comment_id: '5001',
};

/** A request of `route`, with the test app key on the API. */
function targetOf(route: Route): string {
  const path =
    route.path === '$default' ? '/no/such/endpoint' : route.path.replace(/\{([^}]+)\}/g, (_, name: string) => PATH_VALUES[name]!);
  return route.api === 'Api' ? `${path}?appkey=${encodeURIComponent(APP_KEY)}&type=json` : path;
}

/** The request lines written while answering one request of `route`. */
async function requestLines(route: Route): Promise<Entry[]> {
  // Routed among its own API's routes: both HTTP APIs have a $default route.
  const method = route.method === 'ANY' ? 'GET' : route.method;
  await invoke(targetOf(route), { method, routes: routes.filter((r) => r.api === route.api) });
  return output.logs().filter((entry) => entry.message === REQUEST_MESSAGE);
}

/** A line's value at a rule's JSON path (`$.app_key`). */
const at = (line: Entry, path: unknown) => line[String(path).replace(/^\$\./, '')];

test('the rules read the functions of the 14 endpoints of the API and its $default route, not the redirects', () => {
  const read = new Set(rules.flatMap((rule) => rule.logGroups));
  const readBy = functionsOf(template).filter((fn) => read.has(groups.get(fn.id)!));
  expect(readBy.map((fn) => fn.id).sort()).toEqual([...apiFunctionIds].sort());
  expect(readBy).toHaveLength(15);
  expect(readBy.map((fn) => fn.id)).toContain('NotFoundFunction');
});

test.each(functionsOf(template).map((fn) => fn.id))('%s writes one request line with every field the rules reading it take', async (id) => {
  const route = routes.find((candidate) => candidate.fn.id === id)!;
  const lines = await requestLines(route);
  expect(lines).toHaveLength(1);
  const [line] = lines as [Entry];
  expect(line).toMatchObject({ route: route.routeKey, function_name: id, status: expect.any(Number), duration_ms: expect.any(Number) });
  const reading = rules.filter((rule) => rule.logGroups.includes(groups.get(id)!));
  if (reading.length === 0) {
    // No rule reads it: the short-link host's function, which has no app key.
    expect(route.api).toBe('ShortApi');
    expect(line).not.toHaveProperty('app_key');
    return;
  }
  for (const rule of reading) {
    for (const key of rule.keys) {
      expect([rule.id, key, typeof line[key]]).toEqual([rule.id, key, 'string']);
      expect(String(line[key]).length).toBeGreaterThan(0);
    }
    for (const filter of rule.filters) {
      if ('In' in filter) expect(filter.In).toContain(at(line, filter.Match));
      if (filter.IsPresent === true)
        expect([rule.id, String(filter.Match), at(line, filter.Match) !== undefined]).toEqual([rule.id, String(filter.Match), true]);
    }
  }
  expect(line).toMatchObject({ app_key: APP_KEY, type: 'json' });
  for (const field of REQUEST_LINE_FIELDS) expect([field, line[field] !== undefined]).toEqual([field, true]);
});
