/**
 * Offline checks of template.yaml: each takes a parsed template and returns its problems, one
 * sentence each (none: the template passes). The tests run them on the real template and on
 * deliberately broken copies; a CLI can run `checkTemplate(loadTemplate())` the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { PROJECT_ROOT, type Template } from '../../infra/template/read';
import { resolveValue } from '../../infra/template/evaluate';
import { httpApiEvents } from '../../infra/template/routes';
import { checkDashboard, checkInsightRules } from './telemetry-checks';

type Resource = Template['Resources'][string];
type Check = (template: Template, options: CheckOptions) => string[];

interface CheckOptions {
  /** Where the entry points' paths start; the project root unless told. */
  readonly root?: string;
}

/** API Gateway gives up on an integration after 29 s; a function must time out before that. */
const MAX_TIMEOUT_SECONDS = 29;

/**
 * The permissions boundary of every role of the stack: a parameter, empty for none (a deploy with
 * administrator credentials), in CI the bootstrap stack's policy, since CI's deploy role may only
 * create roles that carry it (docs/deploy.md, "First time").
 */
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

/**
 * What a function may do with a table it is given (by an environment variable naming the table):
 * read it, in the one way the code reads it. Reading is all a function may do unless it serves
 * one of WRITES' routes.
 */
const READS: Readonly<Record<string, readonly string[]>> = {
  GALLERY_TABLE: ['dynamodb:Query', 'dynamodb:BatchGetItem'],
  SHORT_URLS_TABLE: ['dynamodb:GetItem'],
  RATE_LIMITS_TABLE: [],
};

/** The routes whose functions write, and what they may write: creating a short URL, counting a redirect. */
const WRITES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'Api GET /url/short/create': {
    SHORT_URLS_TABLE: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    RATE_LIMITS_TABLE: ['dynamodb:UpdateItem'],
  },
  'ShortApi GET /{code}': { SHORT_URLS_TABLE: ['dynamodb:UpdateItem'] },
};

/** Actions no function may have, whatever it serves. */
const FORBIDDEN_ACTIONS = [
  'dynamodb:Scan',
  'dynamodb:DeleteItem',
  'dynamodb:DeleteTable',
  'dynamodb:BatchWriteItem',
  'dynamodb:PartiQLDelete',
];

/**
 * The property naming each kind of named resource; every such name carries the stage. Not roles:
 * CloudFormation names them after the stack (`social-news-<stage>-<id>-…`, what the deploy role
 * may create), and a name of the template's own would need CAPABILITY_NAMED_IAM of every deploy.
 */
const NAME_PROPERTIES: Readonly<Record<string, string>> = {
  'AWS::Serverless::Function': 'FunctionName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::Serverless::HttpApi': 'Name',
  'AWS::Serverless::Api': 'Name',
  'AWS::ApiGatewayV2::Api': 'Name',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::CloudWatch::Alarm': 'AlarmName',
  'AWS::CloudWatch::CompositeAlarm': 'AlarmName',
  'AWS::CloudWatch::Dashboard': 'DashboardName',
  'AWS::CloudWatch::InsightRule': 'RuleName',
  'AWS::SSM::Parameter': 'Name',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::Events::Rule': 'Name',
  'AWS::Scheduler::Schedule': 'Name',
};

/** The fields the access log's JSON record must have, with the context variable each holds. */
const ACCESS_LOG_FIELDS: Readonly<Record<string, string>> = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
};

const STAGES = ['staging', 'prod'];
const ofType = (template: Template, type: string): Array<[string, Resource]> =>
  Object.entries(template.Resources ?? {}).filter(([, resource]) => resource?.Type === type);
const functions = (template: Template) => ofType(template, 'AWS::Serverless::Function');
const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const refOf = (value: unknown): string | undefined =>
  value !== null && typeof value === 'object' && 'Ref' in value ? String((value as { Ref: unknown }).Ref) : undefined;
const getAttOf = (value: unknown): string[] | undefined =>
  value !== null && typeof value === 'object' && 'Fn::GetAtt' in value ? (value as { 'Fn::GetAtt': string[] })['Fn::GetAtt'] : undefined;
const show = (value: unknown) => JSON.stringify(value);

/** Properties of a function as deployed: Globals.Function under its own. */
export function effectiveProperties(template: Template, id: string): Record<string, any> {
  return { ...(template.Globals?.Function ?? {}), ...(template.Resources[id]?.Properties ?? {}) };
}

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

/** The HTTP API routes of the template, `<api> <routeKey>`, one per event, as listed. */
export function routeKeys(template: Template): Array<{ fn: string; key: string; api: string | undefined }> {
  return httpApiEvents(template).map(({ fn, api, routeKey }) => ({ fn, api, key: `${api ?? '(implicit API)'} ${routeKey}` }));
}

/** Routes: each once per API, on an API of the template, and together exactly those of docs/api.md. */
const checkRoutes: Check = (template) => {
  const problems: string[] = [];
  const routes = routeKeys(template);
  const apis = new Set(ofType(template, 'AWS::Serverless::HttpApi').map(([id]) => id));
  for (const route of routes) {
    if (route.api === undefined || !apis.has(route.api))
      problems.push(`${route.fn}: route ${route.key} is not on an HTTP API of the template`);
  }
  const seen = new Map<string, string>();
  for (const route of routes) {
    const first = seen.get(route.key);
    if (first) problems.push(`route ${route.key} is declared twice (${first}, ${route.fn})`);
    else seen.set(route.key, route.fn);
  }
  const expected = Object.entries(EXPECTED_ROUTES).flatMap(([api, keys]) => keys.map((key) => `${api} ${key}`));
  for (const key of expected) if (!seen.has(key)) problems.push(`route ${key} of docs/api.md is missing`);
  for (const key of seen.keys()) if (!expected.includes(key)) problems.push(`route ${key} is not in docs/api.md`);
  return problems;
};

const isParameterRef = (template: Template, value: unknown) => {
  const ref = refOf(value);
  return ref !== undefined && template.Parameters?.[ref] !== undefined;
};

/** A retention of logs: a number of days, or a parameter of them. */
function retentionProblems(template: Template, id: string, resource: Resource | undefined): string[] {
  if (resource?.Type !== 'AWS::Logs::LogGroup') return [`${id} is not a log group`];
  const retention = resource.Properties?.RetentionInDays;
  if (typeof retention === 'number' || isParameterRef(template, retention)) return [];
  return [`${id}: log group without RetentionInDays (its logs would be kept forever)`];
}

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

/** Every function: memory, a timeout API Gateway waits for, arm64, its own log group with retention. */
const checkFunctions: Check = (template) =>
  functions(template).flatMap(([id]) => {
    const problems: string[] = [];
    const properties = effectiveProperties(template, id);
    const { MemorySize: memory, Timeout: timeout } = properties;
    if (typeof memory !== 'number' || memory < 128 || memory > 10_240)
      problems.push(`${id}: MemorySize ${show(memory)} is not 128–10240 MB`);
    if (typeof timeout !== 'number' || timeout < 1 || timeout > MAX_TIMEOUT_SECONDS) {
      problems.push(`${id}: Timeout ${show(timeout)} is not 1–${MAX_TIMEOUT_SECONDS} s (API Gateway answers 503 after 29 s)`);
    }
    if (show(properties.Architectures) !== show(['arm64']))
      problems.push(`${id}: Architectures ${show(properties.Architectures)} is not [arm64]`);
    if (!String(properties.Runtime ?? '').startsWith('nodejs')) problems.push(`${id}: Runtime ${show(properties.Runtime)} is not Node.js`);
    problems.push(...boundaryProblems(template, id, properties));
    const logGroup = refOf(properties.LoggingConfig?.LogGroup);
    if (logGroup === undefined) return [...problems, `${id}: no LoggingConfig.LogGroup of its own`];
    if (properties.LoggingConfig?.LogFormat !== 'JSON') problems.push(`${id}: LoggingConfig.LogFormat is not JSON`);
    const resource = template.Resources[logGroup];
    if (!resource) return [...problems, `${id}: its log group ${logGroup} is missing`];
    problems.push(...retentionProblems(template, logGroup, resource));
    for (const Stage of STAGES) {
      const name = resolveValue(template, properties.FunctionName, { parameters: { Stage } });
      const group = resolveValue(template, resource.Properties?.LogGroupName, { parameters: { Stage } });
      if (group !== `/aws/lambda/${name}`) problems.push(`${id}: log group ${show(group)} is not /aws/lambda/${name} (${Stage})`);
    }
    return problems;
  });

/** Every log group keeps its logs for a bounded time. */
const checkLogGroups: Check = (template) =>
  ofType(template, 'AWS::Logs::LogGroup').flatMap(([id, resource]) => retentionProblems(template, id, resource));

/** Every named resource carries the stage in its name, and no two resources of a kind share a name. */
const checkNames: Check = (template) => {
  const problems: string[] = [];
  for (const Stage of STAGES) {
    const names = new Map<string, string>();
    for (const [id, resource] of Object.entries(template.Resources ?? {})) {
      const property = NAME_PROPERTIES[resource?.Type];
      if (!property) continue;
      const raw = resource.Properties?.[property];
      if (raw === undefined) {
        if (Stage === STAGES[0]) problems.push(`${id}: no ${property} (a generated name does not say the stage)`);
        continue;
      }
      const name = String(resolveValue(template, raw, { parameters: { Stage } }));
      if (!name.includes(Stage)) problems.push(`${id}: ${property} ${show(name)} does not carry the stage ${Stage} (use \${Stage})`);
      const key = `${resource.Type} ${name}`;
      if (names.has(key)) problems.push(`${id}: ${property} ${show(name)} is also ${names.get(key)}'s`);
      names.set(key, id);
    }
  }
  return problems;
};

/** Both HTTP APIs: JSON access logs to a log group with retention, and throttling from parameters. */
const checkApis: Check = (template) =>
  ofType(template, 'AWS::Serverless::HttpApi').flatMap(([id, resource]) => {
    const problems: string[] = [];
    const access = resource.Properties?.AccessLogSettings;
    const destination = getAttOf(access?.DestinationArn);
    if (destination?.[1] !== 'Arn') problems.push(`${id}: AccessLogSettings.DestinationArn is not a log group's Arn`);
    else
      problems.push(
        ...retentionProblems(template, destination[0]!, template.Resources[destination[0]!]).map((problem) => `${id}: ${problem}`),
      );
    let format: Record<string, unknown> | undefined;
    try {
      format = JSON.parse(String(access?.Format));
    } catch {
      problems.push(`${id}: access log Format is not JSON`);
    }
    if (format) {
      for (const [field, variable] of Object.entries(ACCESS_LOG_FIELDS)) {
        if (format[field] !== variable) problems.push(`${id}: access log field ${field} is not ${variable}`);
      }
    }
    const throttling = resource.Properties?.DefaultRouteSettings ?? {};
    for (const setting of ['ThrottlingBurstLimit', 'ThrottlingRateLimit']) {
      const value = throttling[setting];
      if (!isParameterRef(template, value) || template.Parameters?.[refOf(value)!] === undefined) {
        problems.push(`${id}: DefaultRouteSettings.${setting} is not set from a parameter`);
      } else if ((template.Parameters[refOf(value)!] as { Type?: string }).Type !== 'Number') {
        problems.push(`${id}: DefaultRouteSettings.${setting}'s parameter is not a Number`);
      }
    }
    return problems;
  });

/**
 * Tables whose every item expires within minutes (the rate-limit windows): nothing in them is worth
 * recovering or keeping, in any stage.
 */
const DISPOSABLE_TABLES: readonly string[] = ['RateLimitsTable'];

/**
 * Tables: deletion protection in prod. Records (every table but the disposable ones) are kept when
 * the prod stack goes or replaces them, with point-in-time recovery; in staging they go with the
 * stack, without it. Disposable tables go with the stack in every stage, never with recovery.
 */
const checkTables: Check = (template) =>
  ofType(template, 'AWS::DynamoDB::Table').flatMap(([id, resource]) => {
    const problems: string[] = [];
    const disposable = DISPOSABLE_TABLES.includes(id);
    for (const Stage of STAGES) {
      const stack = { parameters: { Stage } };
      const keep = !disposable && Stage === 'prod';
      const policies = [resource.DeletionPolicy, resource.UpdateReplacePolicy].map((policy) => resolveValue(template, policy, stack));
      if (keep && policies.some((policy) => policy !== 'Retain'))
        problems.push(`${id}: not retained in ${Stage} (DeletionPolicy/UpdateReplacePolicy)`);
      if (!keep && policies.some((policy) => policy !== 'Delete'))
        problems.push(`${id}: kept in ${Stage} (DeletionPolicy/UpdateReplacePolicy)`);
      const recovery = resolveValue(template, resource.Properties?.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled, stack);
      if (keep && recovery !== true) problems.push(`${id}: no point-in-time recovery in ${Stage}`);
      if (!keep && recovery === true)
        problems.push(`${id}: point-in-time recovery in ${Stage}, of ${disposable ? 'counters that expire' : 'staging data'}`);
    }
    const protection = resolveValue(template, resource.Properties?.DeletionProtectionEnabled, { parameters: { Stage: 'prod' } });
    if (protection !== true) problems.push(`${id}: no deletion protection in prod`);
    return problems;
  });

/** The ARN a policy statement's resource stands for: a table (GetAtt) or one of its indexes (Sub). */
function policyTarget(value: unknown): { table: string; index?: string } | string {
  const getAtt = getAttOf(value);
  if (getAtt) return getAtt[1] === 'Arn' ? { table: getAtt[0]! } : `${show(value)} is not an ARN`;
  if (value !== null && typeof value === 'object' && 'Fn::Sub' in value) {
    const text = String((value as { 'Fn::Sub': unknown })['Fn::Sub']);
    const match = /^\$\{(\w+)\.Arn\}(?:\/index\/([\w.-]+))?$/.exec(text);
    if (match) return { table: match[1]!, index: match[2] };
    return `${show(text)} is not a table's or an index's ARN`;
  }
  return `${show(value)} is not a resource of the template`;
}

const indexesOf = (resource: Resource | undefined): string[] =>
  [...list(resource?.Properties?.GlobalSecondaryIndexes), ...list(resource?.Properties?.LocalSecondaryIndexes)].map((index) =>
    String((index as { IndexName: string }).IndexName),
  );

/**
 * Least privilege: only inline statements; no wildcard anywhere; nothing forbidden; DynamoDB only on
 * the tables (and their indexes) the function's environment names, and only the actions READS and
 * WRITES allow it for its routes; every table it is given reachable.
 */
const checkPolicies: Check = (template) => {
  const routes = routeKeys(template);
  return functions(template).flatMap(([id, resource]) => {
    const problems: string[] = [];
    const variables: Record<string, unknown> = effectiveProperties(template, id).Environment?.Variables ?? {};
    // What the function uses: the tables its environment names.
    const tableVariables = new Map<string, string>();
    for (const [variable, value] of Object.entries(variables)) {
      const ref = refOf(value);
      if (ref && template.Resources[ref]?.Type === 'AWS::DynamoDB::Table') tableVariables.set(ref, variable);
    }
    const myRoutes = routes.filter((route) => route.fn === id).map((route) => route.key);
    const allowed = (table: string): Set<string> => {
      const variable = tableVariables.get(table)!;
      return new Set([...(READS[variable] ?? []), ...myRoutes.flatMap((route) => WRITES[route]?.[variable] ?? [])]);
    };
    const reached = new Set<string>();
    for (const policy of list(resource.Properties?.Policies)) {
      if (policy === null || typeof policy !== 'object' || !('Statement' in policy)) {
        problems.push(
          `${id}: policy ${show(policy)} is not an inline statement list (managed policies and SAM policy templates grant more than a function uses)`,
        );
        continue;
      }
      for (const statement of list((policy as { Statement: unknown }).Statement) as Array<Record<string, unknown>>) {
        const actions = list(statement.Action).map(String);
        const resources = list(statement.Resource);
        if (statement.NotAction !== undefined || statement.NotResource !== undefined)
          problems.push(`${id}: NotAction/NotResource grant too much`);
        for (const action of actions) {
          if (action.includes('*')) problems.push(`${id}: action ${action} is a wildcard`);
          if (FORBIDDEN_ACTIONS.includes(action)) problems.push(`${id}: action ${action} is forbidden`);
          if (!action.startsWith('dynamodb:')) problems.push(`${id}: action ${action} is not one the functions need`);
        }
        for (const target of resources) {
          if (JSON.stringify(target).includes('*')) problems.push(`${id}: resource ${show(target)} has a wildcard`);
        }
        if (statement.Effect !== 'Allow') continue;
        const dynamo = actions.filter((action) => action.startsWith('dynamodb:'));
        if (dynamo.length === 0) continue;
        if (tableVariables.size === 0) {
          problems.push(`${id}: has DynamoDB actions (${dynamo.join(', ')}) but no table in its environment`);
          continue;
        }
        for (const value of resources) {
          const target = policyTarget(value);
          if (typeof target === 'string') {
            problems.push(`${id}: ${target}`);
            continue;
          }
          if (!tableVariables.has(target.table)) {
            problems.push(`${id}: policy reaches ${target.table}, which its environment does not name`);
            continue;
          }
          if (target.index !== undefined && !indexesOf(template.Resources[target.table]).includes(target.index)) {
            problems.push(`${id}: ${target.table} has no index ${target.index}`);
          }
          const may = allowed(target.table);
          for (const action of dynamo) {
            if (!may.has(action))
              problems.push(
                `${id}: ${action} on ${target.table}${target.index ? `/index/${target.index}` : ''} is more than it needs (${[...may].join(', ') || 'nothing'})`,
              );
          }
          if (dynamo.some((action) => may.has(action))) reached.add(target.table);
        }
      }
    }
    for (const [table, variable] of tableVariables) {
      if (allowed(table).size > 0 && !reached.has(table))
        problems.push(`${id}: ${variable} names ${table}, which no statement lets it use`);
    }
    return problems;
  });
};

/** The alarms' parameter (the SNS topic they notify) and the condition of the alarms: a topic, or prod, whose releases they watch. */
const ALARM_TOPIC_PARAMETER = 'AlarmTopicArn';
const ALARM_CONDITION = 'HasAlarms';
/** The alarm of the stage's answers of error 500, which watches every function's release beside its own. */
const INTERNAL_ERRORS_ALARM = 'InternalErrorsAlarm';
const sameValue = (a: unknown, b: unknown) => show(a) === show(b);
/** A metric's dimensions, by name. */
const dimensionsOf = (value: unknown): Record<string, unknown> =>
  Object.fromEntries(
    list(value).map((dimension) => [String((dimension as { Name?: unknown })?.Name), (dimension as { Value?: unknown })?.Value]),
  );

/** The alarms on one metric with these dimensions: a plain metric alarm's, or one of a metric math alarm's metrics. */
function alarmsOn(alarms: Array<[string, Resource]>, namespace: string, metric: string, dimensions: Record<string, unknown>) {
  const matches = (stat: Record<string, any> | undefined) =>
    stat?.Namespace === namespace && String(stat?.MetricName) === metric && sameValue(dimensionsOf(stat?.Dimensions), dimensions);
  return alarms.filter(([, alarm]) => {
    const properties = alarm.Properties ?? {};
    return (
      matches(properties) ||
      list(properties.Metrics).some((query) => matches((query as { MetricStat?: { Metric?: Record<string, any> } })?.MetricStat?.Metric))
    );
  });
}

/**
 * Alarms: every HTTP API has a 5xx-rate alarm (metric math on 5xx and Count) and a p99 Latency
 * alarm; every alarm exists with an alarm topic or in prod, notifies the topic when it fires and
 * when it clears, and takes no data (no traffic) as fine. Each function's own alarms, and the ones
 * that stop its release: test/static/function-alarms.test.ts.
 */
const checkAlarms: Check = (template) => {
  const problems: string[] = [];
  const alarms = ofType(template, 'AWS::CloudWatch::Alarm');
  if ((template.Parameters?.[ALARM_TOPIC_PARAMETER] as { Type?: string } | undefined)?.Type !== 'String') {
    problems.push(`no String parameter ${ALARM_TOPIC_PARAMETER} (the SNS topic the alarms notify)`);
  }
  if (!sameValue(template.Conditions?.HasAlarmTopic, { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: ALARM_TOPIC_PARAMETER }, ''] }] })) {
    problems.push(`condition HasAlarmTopic is not "${ALARM_TOPIC_PARAMETER} is set"`);
  }
  if (!sameValue(template.Conditions?.[ALARM_CONDITION], { 'Fn::Or': [{ Condition: 'HasAlarmTopic' }, { Condition: 'IsProd' }] })) {
    problems.push(`condition ${ALARM_CONDITION} is not "HasAlarmTopic or IsProd"`);
  }
  const topic = { 'Fn::If': ['HasAlarmTopic', [{ Ref: ALARM_TOPIC_PARAMETER }], { Ref: 'AWS::NoValue' }] };
  for (const [id, alarm] of alarms) {
    const properties = alarm.Properties ?? {};
    if (alarm.Condition !== ALARM_CONDITION) problems.push(`${id}: not conditional on ${ALARM_CONDITION}`);
    for (const actions of ['AlarmActions', 'OKActions']) {
      if (!sameValue(properties[actions], topic))
        problems.push(`${id}: ${actions} ${show(properties[actions])} is not [!Ref ${ALARM_TOPIC_PARAMETER}] when it is set`);
    }
    if (properties.TreatMissingData !== 'notBreaching') problems.push(`${id}: TreatMissingData is not notBreaching`);
  }
  const wanting = (what: string, found: Array<[string, Resource]>, ok: (properties: Record<string, any>) => boolean, describe: string) => {
    if (found.length === 0) problems.push(`${what}: no alarm`);
    else if (!found.some(([, alarm]) => ok(alarm.Properties ?? {})))
      problems.push(`${what}: its alarm (${found.map(([id]) => id).join(', ')}) is not ${describe}`);
  };
  const above = (properties: Record<string, any>) => properties.ComparisonOperator === 'GreaterThanThreshold';
  for (const [id] of ofType(template, 'AWS::Serverless::HttpApi')) {
    const dimensions = { ApiId: { Ref: id }, Stage: '$default' };
    const isRate = (p: Record<string, any>) =>
      above(p) &&
      alarmsOn([[id, { Type: 'AWS::CloudWatch::Alarm', Properties: p }]], 'AWS/ApiGateway', 'Count', dimensions).length > 0 &&
      list(p.Metrics).some((query: any) => query?.Expression !== undefined && query?.ReturnData !== false);
    wanting(`${id}: 5xx rate`, alarmsOn(alarms, 'AWS/ApiGateway', '5xx', dimensions), isRate, 'a rate (metric math on 5xx and Count)');
    wanting(
      `${id}: Latency p99`,
      alarmsOn(alarms, 'AWS/ApiGateway', 'Latency', dimensions),
      (p) => p.ExtendedStatistic === 'p99' && above(p),
      'p99',
    );
  }
  return problems;
};

/**
 * Releases: every function publishes the alias `live` and moves it by CodeDeploy, gradually in
 * prod and all at once in staging, with a role of the template's own.
 */
const checkReleases: Check = (template) => {
  const problems: string[] = [];
  const globals = template.Globals?.Function ?? {};
  if (globals.AutoPublishAlias !== 'live') problems.push(`Globals: AutoPublishAlias ${show(globals.AutoPublishAlias)} is not live`);
  const preference: Record<string, any> = globals.DeploymentPreference ?? {};
  const type = preference.Type?.['Fn::If'];
  if (!Array.isArray(type) || type[0] !== 'IsProd' || !String(type[1]).startsWith('Canary') || type[2] !== 'AllAtOnce')
    problems.push(`Globals: DeploymentPreference.Type ${show(preference.Type)} is not a canary in prod, all at once elsewhere`);
  const role = getAttOf(preference.Role)?.[0];
  if (role === undefined || template.Resources[role]?.Type !== 'AWS::IAM::Role')
    problems.push(`Globals: DeploymentPreference.Role ${show(preference.Role)} is not a role of the template (which carries the boundary)`);
  if (template.Resources[INTERNAL_ERRORS_ALARM]?.Type !== 'AWS::CloudWatch::Alarm') problems.push(`no alarm ${INTERNAL_ERRORS_ALARM}`);
  return problems;
};

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

/** All the checks' problems with the template; an empty list when it passes. */
export function checkTemplate(template: Template, options: CheckOptions = {}): string[] {
  return Object.values(CHECKS).flatMap((check) => check(template, options));
}
