/**
 * template.yaml's functions, read directly: docs/api.md's routes, handlers, shared settings, log groups and
 * releases. Refused memory sizes, twice-declared routes and missing log groups: test/static/cfn-lint.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolveValue } from '../../infra/template/evaluate';
import { loadTemplate } from '../../infra/template/read';
import { httpApiEvents } from '../../infra/template/routes';

const template = loadTemplate();
const globals = template.Globals!.Function!;
const functions = Object.keys(template.Resources).filter((id) => template.Resources[id]!.Type === 'AWS::Serverless::Function');
const propertiesOf = (id: string) => template.Resources[id]!.Properties!;
/** Every role's boundary: the parameter's policy when it is set, none when it is empty (docs/deploy.md, "First time"). */
const BOUNDARY = { 'Fn::If': ['HasPermissionsBoundary', { Ref: 'FunctionPermissionsBoundary' }, { Ref: 'AWS::NoValue' }] };

test('its routes are those of docs/api.md, Endpoints, each on one of its two HTTP APIs', () => {
  const routes = httpApiEvents(template).map(({ api, routeKey }) => `${api} ${routeKey}`);
  expect(routes.sort()).toEqual(
    [
      ...['Api GET /errors', 'Api GET /error/{code}', 'Api GET /containers', 'Api GET /container/{short_name}'],
      ...['Api GET /galleryphotos', 'Api GET /galleryphotos/{list}', 'Api GET /galleryphoto/{id}', 'Api GET /galleryphotos/comments'],
      ...['Api GET /galleryphotos/{list}/comments', 'Api GET /galleryphoto/{id}/comments', 'Api GET /url/short/create'],
      ...['Api GET /galleryphoto/{id}/comment/{comment_id}', 'Api GET /galleryphoto/{id}/comment/{comment_id}/replies'],
      ...['Api GET /url/short/{short_url+}', 'Api $default', 'ShortApi GET /{code}', 'ShortApi HEAD /{code}', 'ShortApi $default'],
    ].sort(),
  );
  for (const api of [template.Resources.Api!, template.Resources.ShortApi!]) expect(api.Type).toBe('AWS::Serverless::HttpApi');
});

test.each(functions)('%s: its handler is the handler export of its one esbuild entry point', (id) => {
  const file = /^([\w-]+)\.handler$/.exec(propertiesOf(id).Handler)?.[1];
  const { BuildMethod, BuildProperties } = template.Resources[id]!.Metadata!;
  expect([BuildMethod, BuildProperties.EntryPoints]).toEqual(['esbuild', [`functions/${file}.ts`]]);
  expect(existsSync(`functions/${file}.ts`)).toBe(true);
  expect(readFileSync(`functions/${file}.ts`, 'utf8')).toMatch(/export (const|(async )?function) handler\b/);
});

test('every function runs Node.js on arm64, one vCPU, 10 s at most, with the boundary; its own settings add none', () => {
  // The 10 s timeout of docs/operate.md, which API Gateway waits for (it gives up after 29 s); 1769 MB: docs/performance.md.
  const settings = { Runtime: 'nodejs24.x', Architectures: ['arm64'], MemorySize: 1769, Timeout: 10, PermissionsBoundary: BOUNDARY };
  expect(globals).toMatchObject(settings);
  const overridden = functions.flatMap((id) => Object.keys(settings).flatMap((key) => (key in propertiesOf(id) ? [`${id}.${key}`] : [])));
  expect(overridden).toEqual([]);
});

test.each(functions)('%s: logs JSON into its own log group, named as Lambda names it', (id) => {
  const logging = { ...(globals.LoggingConfig as object), ...propertiesOf(id).LoggingConfig };
  expect(logging.LogFormat).toBe('JSON');
  const group = template.Resources[logging.LogGroup.Ref]!;
  expect(group.Type).toBe('AWS::Logs::LogGroup');
  for (const Stage of ['staging', 'prod']) {
    const resolve = (value: unknown) => resolveValue(template, value, { parameters: { Stage } });
    expect(resolve(group.Properties!.LogGroupName)).toBe(`/aws/lambda/${resolve(propertiesOf(id).FunctionName)}`);
  }
});

test('every log group keeps its entries LogRetentionDays, 30 by default (docs/deploy.md)', () => {
  const groups = Object.values(template.Resources).filter((resource) => resource.Type === 'AWS::Logs::LogGroup');
  expect(groups).toHaveLength(16 + 2); // the functions' and the APIs' access logs
  for (const group of groups) expect(group.Properties!.RetentionInDays).toEqual({ Ref: 'LogRetentionDays' });
  expect(template.Parameters!.LogRetentionDays!.Default).toBe(30);
});

test('a release publishes the alias live and moves it with CodeDeploy: a canary in prod, all at once elsewhere', () => {
  expect(globals.AutoPublishAlias).toBe('live');
  expect(globals.DeploymentPreference).toEqual({
    Type: { 'Fn::If': ['IsProd', 'Canary10Percent15Minutes', 'AllAtOnce'] },
    Role: { 'Fn::GetAtt': ['DeployTrafficRole', 'Arn'] },
  });
});

test('every role of the template carries the boundary when FunctionPermissionsBoundary is set', () => {
  const roles = Object.entries(template.Resources).filter(([, resource]) => resource.Type === 'AWS::IAM::Role');
  expect(roles.map(([id, role]) => [id, role.Properties!.PermissionsBoundary])).toEqual([['DeployTrafficRole', BOUNDARY]]);
  const unset = { 'Fn::Equals': [{ Ref: 'FunctionPermissionsBoundary' }, ''] };
  expect(template.Conditions!.HasPermissionsBoundary).toEqual({ 'Fn::Not': [unset] });
});
