/**
 * template.yaml is the one definition of functions, routes and tables: each route declared once,
 * every function on the runtime the tests run on, every table on demand and named by its stage;
 * and the @aws-sdk packages of one release. What the functions answer their sample events, in
 * process and bundled: ./sample-events.test.ts.
 */
import { readFileSync } from 'node:fs';
import { loadTemplate } from '../../infra/template/read';
import { functionEnvironment } from '../../infra/template/functions';
import { routesOf } from '../../infra/template/routes';
import { tablesOf } from '../../infra/template/tables';

const template = loadTemplate();
const routes = routesOf(template);
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;

describe('template.yaml', () => {
  test('declares each route once per HTTP API, each API with its $default route', () => {
    const keys = routes.map((route) => `${route.api} ${route.routeKey}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        'Api GET /errors',
        'Api GET /error/{code}',
        'Api GET /containers',
        'Api GET /container/{short_name}',
        'Api GET /url/short/create',
        'Api GET /url/short/{short_url+}',
        'Api $default',
        'ShortApi GET /{code}',
        'ShortApi $default',
      ]),
    );
  });

  test('runs every function on nodejs24.x, and the tests on the same Node major', () => {
    expect(template.Globals?.Function?.Runtime).toBe('nodejs24.x');
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(manifest.devDependencies!.node!.split('.')[0]).toBe('24');
  });
});

describe('tables', () => {
  const tables = (stage: string) => tablesOf(template, { parameters: { Stage: stage } });

  // Which tables are kept, and with point-in-time recovery, in which stage: test/static/template-resources.test.ts (tables).
  test('every table is on demand', () => {
    const declared = Object.entries(template.Resources).filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table');
    expect(declared.map(([id]) => id).sort()).toEqual(['GalleryTable', 'RateLimitsTable', 'ShortUrlsTable']);
    for (const { properties } of tables('staging')) expect(properties.BillingMode).toBe('PAY_PER_REQUEST');
  });

  test('deletion protection is on in prod only, and the stage names every table', () => {
    expect(tables('prod').map((table) => [table.properties.TableName, table.properties.DeletionProtectionEnabled])).toEqual([
      ['social-news-prod-short-urls', true],
      ['social-news-prod-rate-limits', true],
      ['social-news-prod-gallery-v2', true],
    ]);
    expect(tables('staging').every((table) => table.properties.DeletionProtectionEnabled === false)).toBe(true);
  });

  test('the functions get the table names from the tables themselves', () => {
    const env = functionEnvironment(template, { parameters: { Stage: 'prod' } });
    expect([env.SHORT_URLS_TABLE, env.RATE_LIMITS_TABLE]).toEqual(['social-news-prod-short-urls', 'social-news-prod-rate-limits']);
  });
});

test('dependencies: every @aws-sdk package the project names is of one release, installed once', () => {
  const named = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) => name.startsWith('@aws-sdk/'));
  // The clients share one version; the SDK's other packages are numbered apart, so each is named at
  // the very version the clients of that release depend on (the one copy the lock file holds).
  const clients = named.filter(([name]) => /^@aws-sdk\/(client|lib)-/.test(name));
  expect(clients.length).toBeGreaterThan(1);
  expect(new Set(clients.map(([, version]) => version)).size).toBe(1);
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version: string }> };
  for (const [name, version] of named) expect(lock.packages[`node_modules/${name}`]?.version).toBe(version);
  const copies = Object.keys(lock.packages).filter((path) => /node_modules\/@aws-sdk\/[^/]+$/.test(path));
  const names = copies.map((path) => path.slice(path.lastIndexOf('@aws-sdk/')));
  expect(new Set(names).size).toBe(names.length);
});
