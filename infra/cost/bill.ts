/**
 * The bill of a stage from the template (stack.ts), the measurements (measurements.ts), what a request logs (telemetry.ts) and the prices
 * (model.ts): the fixed monthly cost, the cost of a million requests of each route, and a worked month.
 */
import type { Route } from '../template/routes';
import { type Measurements, type RouteUse, routeUse } from './measurements';
import { lambdaDurationPerMillion, logsPerMillion, PRICES, tiered } from '../pricing/model';
import { type Stack, STAGES, type Stage } from './stack';
import { customMetrics, type RequestTelemetry, requestTelemetry } from './telemetry';

export interface RouteCost {
  readonly use: RouteUse;
  readonly telemetry: RequestTelemetry;
  /** Dollars per million requests, by what they pay for. */
  readonly lambdaRequests: number;
  readonly lambdaDuration: number;
  readonly apiGateway: number;
  readonly dynamo: number;
  readonly logs: number;
  readonly insights: number;
  readonly total: number;
}

export function routeCost(stack: Stack, m: Measurements, route: Route): RouteCost {
  const use = routeUse(m, route);
  const telemetry = requestTelemetry(stack, route);
  const logs = logsPerMillion(telemetry.logBytes, stack.logRetentionDays);
  const parts = {
    lambdaRequests: PRICES.lambdaRequest.usd,
    lambdaDuration: lambdaDurationPerMillion(use.warmNs, stack.memoryMb),
    // A request of the first tier, each answer under 512 KB (the default pages are 10 items).
    apiGateway: PRICES.httpApiRequest.usd,
    dynamo: use.rru * PRICES.dynamoReadRequestUnit.usd + use.wru * PRICES.dynamoWriteRequestUnit.usd,
    logs: logs.ingestion + logs.storage,
    insights: telemetry.insightEvents * PRICES.contributorInsightsEvents.usd,
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return { use, telemetry, ...parts, total };
}

export interface FixedCost {
  readonly item: string;
  readonly count: Readonly<Record<Stage, string>>;
  /** Dollars a month per stage, or how it is priced where it has no monthly figure of its own. */
  readonly usd: Readonly<Record<Stage, number | string>>;
  /** Paid by an idle stage (with an alarm topic, or without one). */
  readonly idle: 'always' | 'with a topic' | 'without a topic' | 'never';
}

const perStage = <T>(of: (stage: Stage) => T) => Object.fromEntries(STAGES.map((stage) => [stage, of(stage)])) as Record<Stage, T>;

export function fixedCosts(stack: Stack): FixedCost[] {
  const { dashboards, insightRules, tables, logRetentionDays, pitrTables } = stack;
  const emf = customMetrics(stack);
  const free = PRICES.dashboard.freePerAccount;
  const alarms = (topic: boolean): Pick<FixedCost, 'count' | 'usd'> => ({
    count: perStage((stage) => `${stack.alarms(stage, topic).alarms} alarms, ${stack.alarms(stage, topic).metrics} metrics`),
    usd: perStage((stage) => stack.alarms(stage, topic).metrics * PRICES.alarmMetric.usd),
  });
  // An item alike in every stage.
  const same = (item: string, count: string | number, usd: number | string, idle: FixedCost['idle']): FixedCost => ({
    item,
    count: perStage(() => String(count)),
    usd: perStage(() => usd),
    idle,
  });
  const pitr = (stage: Stage) => (pitrTables[stage] === 0 ? 0 : `$${PRICES.dynamoPitr.usd.toFixed(2)} per GB-month of those tables`);
  return [
    { item: 'alarms, with `AlarmTopicArn` set', ...alarms(true), idle: 'with a topic' },
    { item: 'alarms, without', ...alarms(false), idle: 'without a topic' },
    same(`dashboard (free among the account's first ${free})`, dashboards, dashboards * PRICES.dashboard.usd, 'always'),
    same('Contributor Insights rules', insightRules.length, insightRules.length * PRICES.contributorInsightsRule.usd, 'always'),
    same('custom metrics (EMF), in a month with traffic on every route; none without', emf, emf * PRICES.customMetric.usd, 'never'),
    same('table storage', `${tables} tables`, `$${PRICES.dynamoStorage.usd.toFixed(2)} per GB-month`, 'always'),
    { item: 'point-in-time recovery', count: perStage((stage) => `${pitrTables[stage]} tables`), usd: perStage(pitr), idle: 'always' },
    same(`log storage (\`LogRetentionDays\` ${logRetentionDays})`, 'what the last days ingested', 'per request, below', 'never'),
  ];
}

/** An idle stage's monthly dollars (its tables' storage aside), with an alarm topic or without. */
export function idleTotal(stack: Stack, stage: Stage, topic: boolean): number {
  const paid = new Set(['always', topic ? 'with a topic' : 'without a topic']);
  return fixedCosts(stack)
    .filter((cost) => paid.has(cost.idle))
    .reduce((n, cost) => n + (typeof cost.usd[stage] === 'number' ? (cost.usd[stage] as number) : 0), 0);
}

/** A month's traffic: millions of requests of a route. */
export type Traffic = ReadonlyArray<{ readonly label: string; readonly routeKey: string; readonly api: string; readonly millions: number }>;

const WORKED_MONTH: Traffic = [
  { label: 'gallery reads', routeKey: 'GET /galleryphotos', api: 'Api', millions: 1 },
  { label: 'short-URL creations', routeKey: 'GET /url/short/create', api: 'Api', millions: 0.1 },
  { label: 'redirects', routeKey: 'GET /{code}', api: 'ShortApi', millions: 10 },
];

export function workedMonth(stack: Stack, m: Measurements, traffic = WORKED_MONTH) {
  const lines = traffic.map((t) => {
    const route = stack.routes.find((r) => r.api === t.api && r.routeKey === t.routeKey);
    if (route === undefined) throw new Error(`template.yaml has no route ${t.routeKey} on ${t.api}`);
    const cost = routeCost(stack, m, route);
    return { traffic: t, cost, usd: (cost.total - cost.apiGateway) * t.millions };
  });
  // API Gateway's tiers count the month's requests of the account's HTTP APIs together.
  const apiGateway = tiered(
    traffic.reduce((n, t) => n + t.millions, 0),
    PRICES.httpApiRequest,
  );
  const metrics = customMetrics(stack) * PRICES.customMetric.usd;
  const fixed = idleTotal(stack, 'prod', true);
  return { lines, apiGateway, metrics, fixed, total: lines.reduce((n, line) => n + line.usd, 0) + apiGateway + metrics + fixed };
}
