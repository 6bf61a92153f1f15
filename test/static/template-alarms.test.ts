/**
 * template.yaml's alarms, read directly: which stacks make them (HasAlarms: a topic, or prod, whose
 * releases they watch), whom they notify, and each HTTP API's two (docs/operate.md, Alarms). Each
 * function's three: test/static/function-alarms.test.ts.
 */
import { conditionHolds, resolveValue, resourcesFor } from '../../infra/template/evaluate';
import { loadTemplate } from '../../infra/template/read';

const template = loadTemplate();
const alarms = Object.entries(template.Resources).filter(([, resource]) => resource.Type === 'AWS::CloudWatch::Alarm');
const topic = 'arn:aws:sns:us-east-1:123456789012:social-news-alarms';
const alarmsMade = (stack?: { parameters: Record<string, string> }) =>
  resourcesFor(template, stack).filter((id) => template.Resources[id]!.Type === 'AWS::CloudWatch::Alarm');
const alarmsIn = (stack: { parameters: Record<string, string> }) =>
  alarms.map(([, alarm]) => resolveValue(template, alarm.Properties, stack) as Record<string, unknown>);

test('alarms: three per function, two per HTTP API, the stage’s internal errors and unconfirmed views, each made when HasAlarms holds', () => {
  expect(alarms).toHaveLength(16 * 3 + 2 * 2 + 2);
  expect(alarms.filter(([, alarm]) => alarm.Condition !== 'HasAlarms').map(([id]) => id)).toEqual([]);
});

test('no alarms without AlarmTopicArn (a String parameter, empty by default): every alarm’s condition is false; HasAlarms is "a topic, or prod"', () => {
  expect(template.Parameters!.AlarmTopicArn).toMatchObject({ Type: 'String', Default: '' });
  expect(template.Conditions!.HasAlarms).toEqual({ 'Fn::Or': [{ Condition: 'HasAlarmTopic' }, { Condition: 'IsProd' }] });
  expect(conditionHolds(template, 'HasAlarmTopic')).toBe(false);
  for (const [, alarm] of alarms) expect(conditionHolds(template, alarm.Condition!)).toBe(false);
  expect(alarmsMade()).toEqual([]);
});

test('in prod without a topic: all the alarms, notifying nobody, since they watch each release', () => {
  const stack = { parameters: { Stage: 'prod' } };
  expect(alarmsMade(stack)).toHaveLength(alarms.length);
  for (const properties of alarmsIn(stack)) expect([properties.AlarmActions, properties.OKActions]).toEqual([undefined, undefined]);
});

test('the internal-errors alarm counts the stage’s answers of error 500, minute by minute', () => {
  const properties = resolveValue(template, template.Resources.InternalErrorsAlarm!.Properties, { parameters: { Stage: 'prod' } }) as any;
  const Expression = "SELECT SUM(Requests) FROM SocialNewsReadApi WHERE service = 'social-news-read-api-prod' AND status = '500'";
  expect(properties.Metrics).toEqual([{ Id: 'internal', ReturnData: true, Period: 60, Expression }]);
  expect(properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
});

test('with a topic: all the alarms, notifying it when they fire and when they clear', () => {
  const stack = { parameters: { AlarmTopicArn: topic, Stage: 'prod' } };
  expect(conditionHolds(template, 'HasAlarmTopic', stack)).toBe(true);
  expect(alarmsMade(stack)).toHaveLength(alarms.length);
  const notifying = { AlarmActions: [topic], OKActions: [topic], TreatMissingData: 'notBreaching', AlarmName: /-prod-/ };
  for (const properties of alarmsIn(stack)) expect(properties).toMatchObject(notifying);
});

/** docs/operate.md: above Alarm5xxRatePercent (1 %) or AlarmP99LatencyMs (1000 ms), in 2 of 3 periods of 5 minutes. */
test.each([
  ['Api', 'read-api'],
  ['ShortApi', 'short-links'],
])('%s: a 5xx rate alarm and a p99 latency alarm', (api, name) => {
  const resolved = (id: string) => resolveValue(template, template.Resources[id]!.Properties, { parameters: { Stage: 'prod' } });
  const Dimensions = [
    { Name: 'ApiId', Value: api },
    { Name: 'Stage', Value: '$default' },
  ];
  const sum = (Id: string, MetricName: string) => ({
    Id,
    ReturnData: false,
    MetricStat: { Stat: 'Sum', Period: 300, Metric: { Namespace: 'AWS/ApiGateway', MetricName, Dimensions } },
  });
  const twoOfThree = { ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 3, DatapointsToAlarm: 2 };
  expect(resolved(`${api}5xxRateAlarm`)).toMatchObject({
    AlarmName: `social-news-${name}-prod-5xx-rate`,
    Metrics: [
      sum('errors', '5xx'),
      sum('requests', 'Count'),
      { Id: 'rate', ReturnData: true, Expression: 'IF(requests > 0, 100 * errors / requests, 0)' },
    ],
    Threshold: '1',
    ...twoOfThree,
  });
  expect(resolved(`${api}LatencyP99Alarm`)).toMatchObject({
    AlarmName: `social-news-${name}-prod-latency-p99`,
    Namespace: 'AWS/ApiGateway',
    MetricName: 'Latency',
    Dimensions,
    ExtendedStatistic: 'p99',
    Period: 300,
    Threshold: '1000',
    ...twoOfThree,
  });
});

/** docs/operate.md: more than 1 % of redirects answered before their view was counted, in 2 of 3 periods of 5 minutes. */
test('the unconfirmed-views alarm: ViewsUnconfirmed as a share of Redirects, the stage’s totals', () => {
  const properties = resolveValue(template, template.Resources.ViewsUnconfirmedAlarm!.Properties, { parameters: { Stage: 'prod' } });
  const sum = (Id: string, MetricName: string) => ({
    Id,
    ReturnData: false,
    MetricStat: {
      Stat: 'Sum',
      Period: 300,
      Metric: { Namespace: 'SocialNewsReadApi', MetricName, Dimensions: [{ Name: 'service', Value: 'social-news-read-api-prod' }] },
    },
  });
  expect(properties).toMatchObject({
    AlarmName: 'social-news-short-links-prod-views-unconfirmed',
    Metrics: [
      sum('unconfirmed', 'ViewsUnconfirmed'),
      sum('redirects', 'Redirects'),
      { Id: 'share', ReturnData: true, Expression: 'IF(redirects > 0, 100 * unconfirmed / redirects, 0)' },
    ],
    Threshold: 1,
    ComparisonOperator: 'GreaterThanThreshold',
    EvaluationPeriods: 3,
    DatapointsToAlarm: 2,
  });
});
