/**
 * `npm run cost` against the committed files: the table docs/operate.md
 * holds is what it computes now (a stale table fails), every price is dated and sourced, and the
 * counts it prices are read from template.yaml, not written down beside it.
 */
import { readFileSync } from 'node:fs';
import { readMeasurements } from '../../infra/cost/measurements';
import { PRICES, PRICES_AS_OF } from '../../infra/pricing/model';
import { between, costSection, OPERATE_MARKERS } from '../../infra/cost/report';
import { readStack } from '../../infra/cost/stack';
import { loadTemplate, type Template } from '../../infra/template/read';

const stack = readStack();
const measurements = readMeasurements();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

test('docs/operate.md "What it costs" is what npm run cost computes from the committed files, naming the date of the prices and their file', () => {
  const operate = readFileSync('docs/operate.md', 'utf8');
  expect(operate).toContain('\n## What it costs\n');
  expect(between(operate, OPERATE_MARKERS)).toBe(costSection(stack, measurements));
  for (const named of [`as of ${PRICES_AS_OF}`, 'infra/pricing/prices.json']) expect(costSection(stack, measurements)).toContain(named);
});

/** docs/operate.md, Capacity: 10 000 visits a second for 30 days; API Gateway's first 300 M at $1.00 a million, the rest at $0.90. */
test('a month of one viral link: 25 920 M visits, API Gateway priced by its tiers', () => {
  const viral = costSection(stack, measurements).split('### A month of one viral link')[1]!;
  expect(viral).toContain('| 25 920 M visits to one link');
  expect(viral).toContain(`| API Gateway, all of them (by its tiers) | $${(300 * 1 + (25_920 - 300) * 0.9).toFixed(2)} |`);
});

test('every price has a date and a source page, and the table its date', () => {
  expect(PRICES_AS_OF).toMatch(DATE);
  const entries = Object.entries(PRICES);
  expect(entries.length).toBeGreaterThanOrEqual(14);
  for (const [, price] of entries) {
    expect(price.asOf).toMatch(DATE);
    expect(price.source).toMatch(/^https:\/\/aws\.amazon\.com\/[a-z0-9/-]+\/$/);
    expect(price.usd).toBeGreaterThan(0);
  }
});

describe('the counts are read from template.yaml', () => {
  const template = loadTemplate();
  /** template.yaml with one more resource, a copy of `id` under a new name. */
  function withCopy(id: string): Template {
    return { ...template, Resources: { ...template.Resources, [`${id}Copy`]: structuredClone(template.Resources[id]!) } };
  }
  const ofType = (type: string) => Object.keys(template.Resources).find((id) => template.Resources[id]!.Type === type)!;

  test.each([
    ['functions', 'AWS::Serverless::Function', (counted: typeof stack) => counted.functions],
    ['Contributor Insights rules', 'AWS::CloudWatch::InsightRule', (counted: typeof stack) => counted.insightRules.length],
    ['dashboards', 'AWS::CloudWatch::Dashboard', (counted: typeof stack) => counted.dashboards],
  ])('%s', (_what, type, count) => {
    expect(count(readStack(withCopy(ofType(type))))).toBe(count(stack) + 1);
  });
  test('alarms, and the metrics they read', () => {
    const more = readStack(withCopy(ofType('AWS::CloudWatch::Alarm'))).alarms('prod', true);
    expect(more.alarms).toBe(stack.alarms('prod', true).alarms + 1);
    expect(more.metrics).toBeGreaterThan(stack.alarms('prod', true).metrics);
  });
  test("a staging stage without an alarm topic makes no alarms; the rules read the functions' log groups", () => {
    expect(stack.alarms('staging', false)).toEqual({ alarms: 0, metrics: 0 });
    const logGroups = stack.insightRules.flatMap((rule) => rule.logGroups);
    expect(logGroups.filter((group) => !group.startsWith('/aws/lambda/social-news-prod-'))).toEqual([]);
  });
});
