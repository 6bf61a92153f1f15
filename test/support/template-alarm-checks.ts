/** Alarms (every HTTP API's, whom they notify) and releases (how each function moves its alias). */
import { type Check, getAttOf, list, ofType, type Resource, sameValue, show } from './template-values';

/** The SNS topic the alarms notify, and their condition: a topic, or prod, whose releases they watch. */
const ALARM_TOPIC_PARAMETER = 'AlarmTopicArn';
const ALARM_CONDITION = 'HasAlarms';
const INTERNAL_ERRORS_ALARM = 'InternalErrorsAlarm';
const dimensionsOf = (value: unknown): Record<string, unknown> =>
  Object.fromEntries(
    list(value).map((dimension) => [String((dimension as { Name?: unknown })?.Name), (dimension as { Value?: unknown })?.Value]),
  );

/** The alarms on one metric with these dimensions, plain or among a metric math alarm's metrics. */
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
 * Every HTTP API has a 5xx-rate alarm and a p99 Latency alarm; every alarm is made with a topic or
 * in prod, notifies it, and takes no data as fine. Each function's own: test/static/function-alarms.test.ts.
 */
export const checkAlarms: Check = (template) => {
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

/** Releases: the alias `live`, moved by CodeDeploy with a role of the template's, gradually in prod only. */
export const checkReleases: Check = (template) => {
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
