/**
 * The functions' alarms, three a function by one Fn::ForEach: as deployed, each has its errors, throttles and
 * p99 duration alarms under their old names, on its own metrics; and its release names the ones that roll it back.
 */
import { resolveValue } from '../../infra/template/evaluate';
import { functionsOf } from '../../infra/template/functions';
import { loadTemplate } from '../../infra/template/read';

const template = loadTemplate();
const functions = functionsOf(template).map((fn) => fn.id);

/** Each function's name after social-news-<stage>-, which its alarms' names carry. */
const NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ...['ErrorsFunction errors', 'ErrorFunction error', 'ContainersFunction containers', 'ContainerFunction container'],
    ...['ShortUrlCreateFunction short-url-create', 'ShortUrlFunction short-url', 'RedirectFunction redirect', 'NotFoundFunction not-found'],
    ...['GalleryPhotosFunction gallery-photos', 'GalleryPhotosByIdsFunction gallery-photos-by-ids', 'GalleryPhotoFunction gallery-photo'],
    ...['GalleryCommentsFunction gallery-comments', 'GalleryPhotosCommentsFunction gallery-photos-comments'],
    ...['GalleryPhotoCommentsFunction gallery-photo-comments', 'GalleryCommentFunction gallery-comment'],
    ...['GalleryRepliesFunction gallery-replies'],
  ].map((pair) => pair.split(' ')),
);

const shared = { Namespace: 'AWS/Lambda', Period: 300, ComparisonOperator: 'GreaterThanThreshold', TreatMissingData: 'notBreaching' };
const count = { Statistic: 'Sum', Threshold: 0, EvaluationPeriods: 1 };
// 80 % of the functions' 10 s timeout, 2 of 3 periods.
const duration = { ExtendedStatistic: 'p99', Threshold: 8000, EvaluationPeriods: 3, DatapointsToAlarm: 2 };

test('every function of the template has its name here, and only they', () => {
  expect([...functions].sort()).toEqual(Object.keys(NAMES).sort());
});

describe.each(['staging', 'prod'])('%s', (Stage) => {
  const stack = { parameters: { Stage, AlarmTopicArn: 'arn:aws:sns:us-east-1:123456789012:alarms' } };
  const resolved = (id: string) => resolveValue(template, template.Resources[id], stack) as Record<string, any>;

  test.each(functions)('%s: errors, throttles and p99 duration, on its own metrics', (id) => {
    const name = `social-news-${Stage}-${NAMES[id]}`;
    const on = { ...shared, Dimensions: [{ Name: 'FunctionName', Value: name }] };
    const alarm = (suffix: string, metric: string, statistic: Record<string, unknown>) => ({
      Type: 'AWS::CloudWatch::Alarm',
      Condition: 'HasAlarms',
      Properties: { AlarmName: `${name}-${suffix}`, MetricName: metric, ...statistic, ...on },
    });
    expect(resolved(id).Properties.FunctionName).toBe(name);
    expect(resolved(`${id}ErrorsAlarm`)).toMatchObject(alarm('errors', 'Errors', count));
    expect(resolved(`${id}ThrottlesAlarm`)).toMatchObject(alarm('throttles', 'Throttles', count));
    expect(resolved(`${id}DurationP99Alarm`)).toMatchObject(alarm('duration-p99', 'Duration', duration));
  });

  test.each(functions)('%s: a release is rolled back by its errors and duration alarms and the internal errors', (id) => {
    const alarms = [`${id}ErrorsAlarm`, `${id}DurationP99Alarm`, 'InternalErrorsAlarm'];
    expect(resolved(id).Properties.DeploymentPreference.Alarms).toEqual(alarms);
  });
});
