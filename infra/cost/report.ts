/**
 * The bill as people read it: the section "What it costs" of docs/operate.md, the memory-size
 * paragraph of docs/performance.md, and the sources of every input, each generated from the
 * committed files so that a rerun of `npm run cost` replaces them (between their markers).
 */
import { markdownTable as table } from '../perf/report/tables';
import { extraOverCheapest, fixedCosts, idleTotal, type MemoryCheck, memoryChecks, type RouteCost, routeCost, workedMonth } from './bill';
import type { Measurements } from './measurements';
import { PRICES, PRICES_AS_OF, PRICES_REGION } from '../pricing/model';
import { type Stack, STAGES } from './stack';
import { customMetrics, METRICS_PER_API_STATUS } from './telemetry';

export const OPERATE_MARKERS = ['<!-- cost:begin -->', '<!-- cost:end -->'] as const;
export const MEMORY_MARKERS = ['<!-- cost:memory:begin -->', '<!-- cost:memory:end -->'] as const;
export const PRICES_FILE = 'infra/pricing/prices.json';
const TELEMETRY_SOURCE =
  'infra/cost/telemetry.ts (the lines of lib/observability/powertools.ts and template.yaml AccessLogSettings.Format)';

/** Dollars: cents above a dime, two significant digits below. */
export function usd(value: number): string {
  if (value === 0) return '$0';
  return value >= 0.1 ? `$${value.toFixed(2)}` : `$${value.toPrecision(2)}`;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
const endpoint = (cost: RouteCost) => `${cost.use.route.api === 'ShortApi' ? 'short-link ' : ''}\`${cost.use.route.routeKey}\``;

export function routeCosts(stack: Stack, m: Measurements): RouteCost[] {
  return stack.routes.map((route) => routeCost(stack, m, route));
}

function fixedSection(stack: Stack): string {
  const rows = fixedCosts(stack).map((cost) => [
    cost.item,
    ...STAGES.flatMap((stage) => [
      cost.count[stage],
      typeof cost.usd[stage] === 'number' ? usd(cost.usd[stage] as number) : String(cost.usd[stage]),
    ]),
  ]);
  const totals = STAGES.map(
    (stage) => `${stage} ${usd(idleTotal(stack, stage, true))} with an alarm topic, ${usd(idleTotal(stack, stage, false))} without`,
  );
  const idle = `An idle stage pays a month: ${totals.join('; ')}; plus its tables' storage (and point-in-time recovery where it is on) per GB. Custom metrics are billed by the hour they receive data: a month with traffic on every route makes ${customMetrics(stack)} (each route and response type with its usual status, and each count in total); every further status a route answers in a month adds ${METRICS_PER_API_STATUS} on the API, 1 on the short-link host.`;
  return `### Fixed, per month\n\n${table(['item', ...STAGES.flatMap((stage) => [`${stage}: template.yaml`, stage])], rows)}\n\n${idle}`;
}

function routeSection(stack: Stack, costs: readonly RouteCost[]): string {
  const rows = costs.map((c) => [
    endpoint(c),
    `${c.billedMs} ms`,
    usd(c.lambdaRequests + c.lambdaDuration),
    usd(c.apiGateway),
    `${c.use.rru.value} / ${c.use.wru.value}`,
    usd(c.dynamo),
    `${c.telemetry.logBytes} B in ${c.telemetry.logEvents}`,
    usd(c.logs),
    String(c.telemetry.insightEvents),
    usd(c.insights),
    `**${usd(c.total)}**`,
  ]);
  const intro = `Per million warm requests of each route. Lambda: $${PRICES.lambdaRequest.usd.toFixed(2)} of requests and the handler's measured time at ${stack.memoryMb} MB, billed in whole milliseconds; API Gateway's first tier; DynamoDB's request units per request (read / write); the log lines each request writes (its request line, its EMF line, Lambda's start and report records, its API's access line), ingested and kept \`LogRetentionDays\` (${stack.logRetentionDays} days, uncompressed: an upper bound); the Contributor Insights rules that match its request line. A cold start adds its own duration (docs/performance.md).`;
  return `### Per million requests\n\n${intro}\n\n${table(
    ['endpoint', 'billed', 'Lambda', 'API Gateway', 'RRU / WRU', 'DynamoDB', 'logs', 'logs $', 'insight events', 'insights $', 'total'],
    rows,
  )}`;
}

function monthSection(stack: Stack, m: Measurements): string {
  const month = workedMonth(stack, m);
  const rows = [
    ...month.lines.map((line) => [
      `${line.traffic.millions * 1e6 >= 1e6 ? `${line.traffic.millions} M` : `${line.traffic.millions * 1000} k`} ${line.traffic.label} (\`${line.traffic.routeKey}\`)`,
      usd(line.usd),
    ]),
    ['API Gateway, all of them (first tier)', usd(month.apiGateway)],
    [`custom metrics (${customMetrics(stack)})`, usd(month.metrics)],
    ['the idle prod stage, with an alarm topic', usd(month.fixed)],
    ['**total**', `**${usd(month.total)}**`],
  ];
  return `### A worked month\n\n${table(['what', 'per month'], rows)}\n\nThe tables' storage (and, in prod, point-in-time recovery) comes on top, per GB; cold starts too, each priced in docs/performance.md.`;
}

/** Every input of the bill and where it comes from. */
export function sources(stack: Stack, m: Measurements): string[] {
  const prices = Object.entries(PRICES).map(
    ([name, p]) => `${name}: $${p.usd} per ${p.per}, ${PRICES_FILE} (as of ${p.asOf}; ${p.source})`,
  );
  const template = [
    `functions ${stack.functions} at ${stack.memoryMb} MB, ${stack.architecture}; alarms in prod with a topic ${stack.alarms('prod', true).alarms} (${stack.alarms('prod', true).metrics} metrics); dashboards ${stack.dashboards}; insight rules ${stack.insightRules.length}; tables ${stack.tables}; LogRetentionDays ${stack.logRetentionDays}: template.yaml (infra/template/)`,
  ];
  const routes = routeCosts(stack, m).flatMap((c) => {
    const name = `${c.use.route.api} ${c.use.route.routeKey}`;
    const units =
      c.use.rru.source === c.use.wru.source
        ? [`${name} RRU / WRU: ${c.use.rru.source}`]
        : [`${name} RRU: ${c.use.rru.source}`, `${name} WRU: ${c.use.wru.source}`];
    return [`${name} duration: ${c.use.warmNs.source}`, ...units, `${name} log bytes and insight events: ${TELEMETRY_SOURCE}`];
  });
  return [...prices, ...template, ...routes];
}

/** docs/operate.md's "What it costs", between its markers. */
export function costSection(stack: Stack, m: Measurements): string {
  const intro = `Generated by \`npm run cost\` from template.yaml, the committed figures of the bench and scale runs (infra/perf/results/measured.json) and ${PRICES_FILE}: AWS list prices of ${PRICES_REGION} as of ${PRICES_AS_OF}, each with its page, to check there before relying on a figure. Free tiers, which are per account, are left out. \`npm run cost\` prints where each input comes from.`;
  return [intro, fixedSection(stack), routeSection(stack, routeCosts(stack, m)), monthSection(stack, m)].join('\n\n');
}

function kindSentence(checks: readonly MemoryCheck[], memoryMb: number, kind: 'cold' | 'warm'): string {
  return checks
    .map((check) => {
      const at = check.sizes.find((size) => size.memoryMb === memoryMb)![kind];
      const low = check.sizes.reduce((a, b) => (b[kind] < a[kind] ? b : a));
      return `${check.fn} ${usd(at)}${low[kind] < at ? ` (+${usd(at - low[kind])} against ${low.memoryMb} MB)` : ''}`;
    })
    .join(', ');
}

/** The memory-size paragraph of docs/performance.md, between its markers. */
export function memorySection(stack: Stack, m: Measurements): string {
  const checks = memoryChecks(stack, m);
  const mb = stack.memoryMb;
  const others = [...new Set(checks.flatMap((check) => check.sizes.map((size) => size.memoryMb)))].filter((size) => size !== mb);
  const worst = Math.max(...checks.flatMap((check) => (['cold', 'warm'] as const).map((kind) => extraOverCheapest(check, mb, kind))));
  const verdict =
    worst <= 0
      ? `${mb} MB stays the cheaper-or-equal choice`
      : `${mb} MB costs at most ${percent(worst)} more per request than the cheapest size, all cold or all warm`;
  return (
    `Priced by \`npm run cost\` (list prices of ${PRICES_AS_OF}) against ${others.join(', ')} MB: a million cold starts at ${mb} MB cost ${kindSentence(checks, mb, 'cold')}; ` +
    `a million warm requests ${kindSentence(checks, mb, 'warm')}, if they took no longer at the smaller sizes. ` +
    `With each endpoint's request fees, DynamoDB and logs, ${verdict}.`
  );
}

/** `text` with what lies between `markers` replaced by `content`. */
export function replaceBetween(text: string, markers: readonly [string, string], content: string): string {
  const [begin, end] = markers;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`no ${begin} … ${end} to replace`);
  return `${text.slice(0, start + begin.length)}\n${content}\n${text.slice(stop)}`;
}

/** What lies between `markers` in `text`, as replaceBetween writes it. */
export function between(text: string, markers: readonly [string, string]): string | undefined {
  const start = text.indexOf(markers[0]);
  const stop = text.indexOf(markers[1]);
  return start < 0 || stop < start ? undefined : text.slice(start + markers[0].length + 1, stop - 1);
}
