/**
 * What a stage deploys that has a price, read from template.yaml (through ../template/, as every other tool reads it): the functions and
 * their memory, the alarms and the metrics they read, the dashboards, the Contributor Insights rules and the log groups they match, the
 * tables with point-in-time recovery, and how long logs are kept.
 */
import { loadTemplate, type Template } from '../template/read';
import { type LocalStack, resolveValue, resourcesFor } from '../template/evaluate';
import { functionsOf, memorySizeOf } from '../template/functions';
import { routesOf, type Route } from '../template/routes';
import { tablesOf } from '../template/tables';

export type Stage = 'staging' | 'prod';
export const STAGES: readonly Stage[] = ['staging', 'prod'];

export interface Stack {
  readonly template: Template;
  readonly routes: readonly Route[];
  readonly functions: number;
  /** Every function's MemorySize; the cost needs them all equal. */
  readonly memoryMb: number;
  /** The alarms a stage makes with AlarmTopicArn set or not, and the metrics they read (a metric-math alarm reads several). */
  readonly alarms: (stage: Stage, topic: boolean) => { readonly alarms: number; readonly metrics: number };
  readonly dashboards: number;
  /** Each Contributor Insights rule's log groups, resolved for a stage. */
  readonly insightRules: ReadonlyArray<{ readonly id: string; readonly logGroups: readonly string[] }>;
  readonly logRetentionDays: number;
  /** Tables with point-in-time recovery on, per stage. */
  readonly pitrTables: Readonly<Record<Stage, number>>;
  readonly tables: number;
}

const stackOf = (stage: Stage): LocalStack => ({ parameters: { Stage: stage } });

const ofType = (template: Template, type: string, ids = Object.keys(template.Resources)) =>
  ids.filter((id) => template.Resources[id]!.Type === type);

/** The log group a function writes to (its LoggingConfig), named as in `stage`. */
export function functionLogGroup(template: Template, functionId: string, stage: Stage): string {
  const config = template.Resources[functionId]?.Properties?.LoggingConfig;
  return String(resolveValue(template, config?.LogGroup, stackOf(stage)));
}

export function readStack(template = loadTemplate()): Stack {
  const functions = functionsOf(template);
  // The cost takes one MemorySize for every function.
  const memoryMb = memorySizeOf(template);
  const architectures = (template.Globals?.Function?.Architectures as string[] | undefined) ?? ['x86_64'];
  // The prices are arm64's; a function of its own architecture would need x86's.
  const ownArchitecture = Object.values(template.Resources).some((r) => r.Properties?.Architectures !== undefined);
  if (architectures.join() !== 'arm64' || ownArchitecture) throw new Error('the cost prices arm64 functions only');
  const metricsRead = (id: string): number => {
    const metrics = template.Resources[id]!.Properties?.Metrics as Array<{ MetricStat?: unknown }> | undefined;
    // A Metrics Insights query alarm (an expression alone) is priced per metric it analyses: at least one.
    return metrics === undefined ? 1 : Math.max(1, metrics.filter((metric) => metric.MetricStat !== undefined).length);
  };
  const alarms = (stage: Stage, topic: boolean) => {
    const parameters = { Stage: stage, ...(topic ? { AlarmTopicArn: 'arn:aws:sns:us-east-1:123456789012:alarms' } : {}) };
    const ids = ofType(template, 'AWS::CloudWatch::Alarm', resourcesFor(template, { parameters }));
    return { alarms: ids.length, metrics: ids.reduce((n, id) => n + metricsRead(id), 0) };
  };
  const insightRules = ofType(template, 'AWS::CloudWatch::InsightRule').map((id) => {
    const body = resolveValue(template, template.Resources[id]!.Properties?.RuleBody, stackOf('prod'));
    return { id, logGroups: (JSON.parse(String(body)) as { LogGroupNames: string[] }).LogGroupNames };
  });
  const pitrTables = (stage: Stage) =>
    tablesOf(template, stackOf(stage)).filter(
      (table) => table.properties.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled === true,
    ).length;
  return {
    template,
    routes: routesOf(template),
    functions: functions.length,
    memoryMb,
    alarms,
    dashboards: ofType(template, 'AWS::CloudWatch::Dashboard').length,
    insightRules,
    logRetentionDays: Number(template.Parameters?.LogRetentionDays?.Default),
    pitrTables: { staging: pitrTables('staging'), prod: pitrTables('prod') },
    tables: ofType(template, 'AWS::DynamoDB::Table').length,
  };
}
