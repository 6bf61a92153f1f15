/**
 * Offline checks of template.yaml, each a list of problems (none: it passes): the functions, routes
 * and roles here; CHECKS gathers them with those of the template-*-checks.ts files. What cfn-lint
 * checks (test/static/cfn-lint.test.ts) is not checked again here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { PROJECT_ROOT, type Template } from '../../infra/template/read';
import { resolveValue } from '../../infra/template/evaluate';
import { checkDashboard } from './dashboard-checks';
import { checkInsightRules } from './telemetry-checks';
import { checkAlarms, checkReleases } from './template-alarm-checks';
import { checkPolicies } from './template-policy-checks';
import { checkApis, checkLogGroups, checkNames, checkTables, retentionProblems } from './template-resource-checks';
import { type Check, effectiveProperties, functions, list, ofType, refOf, routeKeys, STAGES, sameValue, show } from './template-values';

/** API Gateway gives up on an integration after 29 s; a function must time out before that. */
const MAX_TIMEOUT_SECONDS = 29;

/** Every role's permissions boundary: empty for none, in CI the bootstrap stack's policy (docs/deploy.md, "First time"). */
export const BOUNDARY_PARAMETER = 'FunctionPermissionsBoundary';
const BOUNDARY = { 'Fn::If': ['HasPermissionsBoundary', { Ref: BOUNDARY_PARAMETER }, { Ref: 'AWS::NoValue' }] };

/** The routes of docs/api.md, Endpoints, per HTTP API: the read API's endpoints and the short-link host's. */
export const EXPECTED_ROUTES: Readonly<Record<string, readonly string[]>> = {
  Api: [
    'GET /errors',
    'GET /error/{code}',
    'GET /containers',
    'GET /container/{short_name}',
    'GET /galleryphotos',
    'GET /galleryphotos/{list}',
    'GET /galleryphoto/{id}',
    'GET /galleryphotos/comments',
    'GET /galleryphotos/{list}/comments',
    'GET /galleryphoto/{id}/comments',
    'GET /galleryphoto/{id}/comment/{comment_id}',
    'GET /galleryphoto/{id}/comment/{comment_id}/replies',
    'GET /url/short/create',
    'GET /url/short/{short_url+}',
    '$default',
  ],
  ShortApi: ['GET /{code}', 'HEAD /{code}', '$default'],
};

/** Every Handler names a file and an export that its esbuild entry point has. */
const checkHandlers: Check = (template, { root = PROJECT_ROOT }) =>
  functions(template).flatMap(([id, resource]) => {
    const problems: string[] = [];
    const handler = String(resource.Properties?.Handler ?? '');
    const dot = handler.lastIndexOf('.');
    if (dot <= 0) return [`${id}: Handler ${show(handler)} is not <file>.<export>`];
    const [file, exportName] = [handler.slice(0, dot), handler.slice(dot + 1)];
    if (resource.Metadata?.BuildMethod !== 'esbuild') problems.push(`${id}: not built by esbuild (Metadata.BuildMethod)`);
    const entries = list(resource.Metadata?.BuildProperties?.EntryPoints);
    if (entries.length !== 1) return [...problems, `${id}: needs exactly one esbuild entry point, has ${entries.length}`];
    const entry = String(entries[0]);
    if (basename(entry, extname(entry)) !== file) problems.push(`${id}: Handler ${handler} names ${file}, but the entry point is ${entry}`);
    const path = resolve(root, entry);
    if (!existsSync(path)) return [...problems, `${id}: entry point ${entry} does not exist`];
    const source = readFileSync(path, 'utf8');
    const exported = new RegExp(
      `export\\s+(?:const|let|var|(?:async\\s+)?function\\*?|class)\\s+${exportName}\\b|export\\s*\\{[^}]*\\b(?:as\\s+)?${exportName}\\b[^}]*\\}`,
    );
    if (!exported.test(source)) problems.push(`${id}: ${entry} does not export ${exportName}`);
    return problems;
  });

/** Routes: on an API of the template, together exactly those of docs/api.md. A route twice: cfn-lint's E0001 (SAM's transform). */
const checkRoutes: Check = (template) => {
  const routes = routeKeys(template);
  const apis = new Set(ofType(template, 'AWS::Serverless::HttpApi').map(([id]) => id));
  const problems = routes
    .filter((route) => route.api === undefined || !apis.has(route.api))
    .map((route) => `${route.fn}: route ${route.key} is not on an HTTP API of the template`);
  const seen = routes.map((route) => route.key);
  const expected = Object.entries(EXPECTED_ROUTES).flatMap(([api, keys]) => keys.map((key) => `${api} ${key}`));
  for (const key of expected) if (!seen.includes(key)) problems.push(`route ${key} of docs/api.md is missing`);
  for (const key of seen) if (!expected.includes(key)) problems.push(`route ${key} is not in docs/api.md`);
  return problems;
};

/** A role's (or a function's role's) PermissionsBoundary: the parameter's policy when it is set, none when it is empty. */
function boundaryProblems(template: Template, id: string, properties: Record<string, any>): string[] {
  const problems: string[] = [];
  if (!sameValue(properties.PermissionsBoundary, BOUNDARY))
    problems.push(`${id}: PermissionsBoundary ${show(properties.PermissionsBoundary)} is not the parameter ${BOUNDARY_PARAMETER} when set`);
  if (!sameValue(template.Conditions?.HasPermissionsBoundary, { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: BOUNDARY_PARAMETER }, ''] }] }))
    problems.push(`condition HasPermissionsBoundary is not "${BOUNDARY_PARAMETER} is set"`);
  return problems;
}

/** Every role the template makes itself carries the boundary too. */
const checkRoles: Check = (template) =>
  ofType(template, 'AWS::IAM::Role').flatMap(([id, role]) => boundaryProblems(template, id, role.Properties ?? {}));

/**
 * Every function: a memory size (its range: cfn-lint's E3034), a timeout API Gateway waits for,
 * arm64, its own log group with retention (a log group that is not there: cfn-lint's E1019/E1020).
 */
const checkFunctions: Check = (template) =>
  functions(template).flatMap(([id]) => {
    const problems: string[] = [];
    const properties = effectiveProperties(template, id);
    const { MemorySize: memory, Timeout: timeout } = properties;
    if (typeof memory !== 'number') problems.push(`${id}: MemorySize ${show(memory)} is not set`);
    if (typeof timeout !== 'number' || timeout < 1 || timeout > MAX_TIMEOUT_SECONDS)
      problems.push(`${id}: Timeout ${show(timeout)} is not 1–${MAX_TIMEOUT_SECONDS} s (API Gateway answers 503 after 29 s)`);
    if (show(properties.Architectures) !== show(['arm64']))
      problems.push(`${id}: Architectures ${show(properties.Architectures)} is not [arm64]`);
    if (!String(properties.Runtime ?? '').startsWith('nodejs')) problems.push(`${id}: Runtime ${show(properties.Runtime)} is not Node.js`);
    problems.push(...boundaryProblems(template, id, properties));
    const logGroup = refOf(properties.LoggingConfig?.LogGroup);
    if (logGroup === undefined) return [...problems, `${id}: no LoggingConfig.LogGroup of its own`];
    if (properties.LoggingConfig?.LogFormat !== 'JSON') problems.push(`${id}: LoggingConfig.LogFormat is not JSON`);
    const resource = template.Resources[logGroup];
    problems.push(...retentionProblems(template, logGroup, resource));
    for (const Stage of STAGES) {
      const name = resolveValue(template, properties.FunctionName, { parameters: { Stage } });
      const group = resolveValue(template, resource?.Properties?.LogGroupName, { parameters: { Stage } });
      if (group !== `/aws/lambda/${name}`) problems.push(`${id}: log group ${show(group)} is not /aws/lambda/${name} (${Stage})`);
    }
    return problems;
  });

export const CHECKS: Readonly<Record<string, Check>> = {
  handlers: checkHandlers,
  routes: checkRoutes,
  functions: checkFunctions,
  logGroups: checkLogGroups,
  names: checkNames,
  apis: checkApis,
  tables: checkTables,
  policies: checkPolicies,
  alarms: checkAlarms,
  releases: checkReleases,
  roles: checkRoles,
  insightRules: checkInsightRules,
  dashboard: checkDashboard,
};

export const checkTemplate = (template: Template, options: { readonly root?: string } = {}): string[] =>
  Object.values(CHECKS).flatMap((check) => check(template, options));
