/** Offline checks of template.yaml's named and stored resources; template-checks.ts runs them. */
import type { Template } from '../../infra/template/read';
import { resolveValue } from '../../infra/template/evaluate';
import { type Check, getAttOf, isParameterRef, ofType, type Resource, refOf, STAGES, show } from './template-values';

/** The property naming each kind of resource. Not roles: CloudFormation names them after the stack (no CAPABILITY_NAMED_IAM). */
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

/** A log group's retention: a number of days, or a parameter of them. */
export function retentionProblems(template: Template, id: string, resource: Resource | undefined): string[] {
  if (resource?.Type !== 'AWS::Logs::LogGroup') return [`${id} is not a log group`];
  const retention = resource.Properties?.RetentionInDays;
  return typeof retention === 'number' || isParameterRef(template, retention)
    ? []
    : [`${id}: log group without RetentionInDays (its logs would be kept forever)`];
}

export const checkLogGroups: Check = (template) =>
  ofType(template, 'AWS::Logs::LogGroup').flatMap(([id, resource]) => retentionProblems(template, id, resource));

/** Every named resource carries the stage in its name, and no two resources of a kind share a name. */
export const checkNames: Check = (template) => {
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
export const checkApis: Check = (template) =>
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

/** Tables whose every item expires within minutes (the rate-limit windows): never kept, never recovered. */
const DISPOSABLE_TABLES: readonly string[] = ['RateLimitsTable'];

/** Tables: protected from deletion in prod; records kept in prod with point-in-time recovery, in staging not. */
export const checkTables: Check = (template) =>
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
