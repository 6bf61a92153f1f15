/**
 * docs/openapi.yaml's paths are the routes of template.yaml, on both hosts, with the path and
 * query parameters, bounds and defaults of docs/api.md (Arguments every endpoint takes, The
 * gallery's arguments), and every answer's status, headers and media types documented.
 */
import { ROUTES, SHORT_LINK_ROUTES } from '../support/invoke';
import { API_PATHS, deref, doc, type Json } from '../support/openapi-document';

/** Template path → OpenAPI path: API Gateway's greedy `{name+}` is OpenAPI's `{name}`. */
const openApiPath = (path: string): string => path.replace(/\{([A-Za-z0-9_]+)\+\}/g, '{$1}');
const parametersOf = (path: string): string[] => [...path.matchAll(/\{([A-Za-z0-9_]+)\+?\}/g)].map((m) => m[1]!);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const methodsOf = (item: Json): string[] => Object.keys(item).filter((key) => METHODS.includes(key));

describe('paths and parameters follow template.yaml', () => {
  const shortLinkPaths = Object.keys(doc.paths).filter((path) => doc.paths[path].servers);

  test("the API's paths are the template's API routes ({x+} written {x}), GET only", () => {
    const routes = ROUTES.filter((route) => route.path !== '$default');
    expect(routes.every((route) => route.method === 'GET')).toBe(true);
    expect([...API_PATHS].sort()).toEqual(routes.map((route) => openApiPath(route.path)).sort());
    expect(API_PATHS.map((path) => [path, methodsOf(doc.paths[path])])).toEqual(API_PATHS.map((path) => [path, ['get']]));
    expect(API_PATHS).toHaveLength(14);
  });

  test("the short-link host's paths and methods are the template's ShortApi routes, on that host's servers", () => {
    const routes = SHORT_LINK_ROUTES.filter((route) => route.path !== '$default');
    expect(shortLinkPaths.sort()).toEqual([...new Set(routes.map((route) => openApiPath(route.path)))].sort());
    for (const path of shortLinkPaths) {
      const methods = routes.filter((route) => openApiPath(route.path) === path).map((route) => route.method.toLowerCase());
      expect(methodsOf(doc.paths[path]).sort()).toEqual(methods.sort());
      expect(doc.paths[path].servers.map((server: Json) => server.url)).toContain('http://127.0.0.1:3001');
      expect(doc.paths[path].get.responses['301']).toBeDefined();
    }
  });

  test('every path parameter of a route is declared, required, and nothing else is in the path', () => {
    for (const route of [...ROUTES, ...SHORT_LINK_ROUTES].filter((r) => r.path !== '$default')) {
      const item = doc.paths[openApiPath(route.path)];
      for (const method of methodsOf(item)) {
        const declared = [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map(deref).filter((p: Json) => p.in === 'path');
        expect([route.path, declared.map((p: Json) => p.name).sort()]).toEqual([route.path, parametersOf(route.path).sort()]);
        for (const parameter of declared) expect(parameter.required).toBe(true);
      }
    }
  });

  const GALLERY_ARGUMENTS = ['min_submit_date', 'max_submit_date', 'sort', 'count', 'offset'];
  test.each(API_PATHS)('%s takes appkey (required), type and callback; the gallery ones their own five; create its url', (path) => {
    const operation = doc.paths[path].get;
    const query = (operation.parameters ?? []).map(deref).filter((p: Json) => p.in === 'query');
    const own = path.startsWith('/gallery') ? GALLERY_ARGUMENTS : path === '/url/short/create' ? ['url'] : [];
    expect(query.map((p: Json) => p.name).sort()).toEqual(['appkey', 'type', 'callback', ...own].sort());
    expect(query.find((p: Json) => p.name === 'appkey').required).toBe(true);
    expect(typeof operation.operationId).toBe('string');
    expect(operation.deprecated === true).toBe(path.startsWith('/gallery'));
  });

  test('the shared parameters carry the bounds, defaults and choices of docs/api.md', () => {
    const schema = (name: string) => deref({ $ref: `#/components/parameters/${name}` }).schema;
    expect(schema('count')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(schema('offset')).toEqual({ type: 'integer', minimum: 0, default: 0 });
    expect(schema('sort').enum).toEqual(['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc']);
    expect(schema('sort').default).toBe('submit_date-desc');
    expect(schema('type').enum).toEqual(['xml', 'json', 'javascript', 'php']);
  });

  // Any group may be given a sunset date, and the whole API host is one (docs/api.md, Retirement): every answer documents Sunset.
  test.each(API_PATHS)('%s documents 403, 410 and 500 with the error schema; 503 with Retry-After; every answer Sunset', (path) => {
    const responses = doc.paths[path].get.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '403', '410', '500']));
    for (const status of Object.keys(responses)) {
      const response = deref(responses[status]);
      const headers = Object.keys(response.headers).filter((name) =>
        ['Deprecation', 'Cache-Control', 'Sunset', 'Retry-After'].includes(name),
      );
      const mediaTypes = ['application/json', 'application/php', ...(status === '200' ? ['text/javascript'] : []), 'text/xml'];
      expect([status, headers.sort(), Object.keys(response.content).sort()]).toEqual([
        status,
        ['Cache-Control', 'Deprecation', ...(status === '503' ? ['Retry-After'] : []), 'Sunset'],
        mediaTypes,
      ]);
      if (status !== '200') expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });
});
