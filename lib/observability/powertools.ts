/**
 * The container's one Logger and one Metrics, made when a function's module loads. Settings
 * come from the standard Powertools variables: POWERTOOLS_SERVICE_NAME, POWERTOOLS_LOG_LEVEL
 * (INFO when unset), POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_METRICS_DISABLED and POWERTOOLS_DEV.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { setting } from '../config';
import type { Group } from '../retirement-schedule';

const DEFAULT_SERVICE_NAME = 'social-news-read-api';
const DEFAULT_METRICS_NAMESPACE = 'SocialNewsReadApi';

// Powertools prefers an option to its variable, so the variable is read here and the option is only the fallback.
const serviceName = setting(process.env, 'POWERTOOLS_SERVICE_NAME', DEFAULT_SERVICE_NAME);

export const logger = new Logger({ serviceName });

export const metrics = new Metrics({
  namespace: setting(process.env, 'POWERTOOLS_METRICS_NAMESPACE', DEFAULT_METRICS_NAMESPACE),
  serviceName,
});

/** Every metric the functions emit; all are counts. */
export type MetricName =
  | 'Requests'
  | 'ShortUrlsCreated'
  | 'Redirects'
  | 'ViewsUnconfirmed'
  | 'RateLimited'
  | 'RetiredGallery'
  | 'RetiredApi'
  | 'RetiredCreate'
  | 'RetiredLinks';

/** The count of a group's answers given because of its sunset or a brownout (docs/api.md, Retirement). */
export const retiredMetric = (group: Group): MetricName => `Retired${group[0]!.toUpperCase()}${group.slice(1)}` as MetricName;

/**
 * Counts one event of the request being answered. Nothing is written yet: Powertools' logMetrics
 * middleware publishes the request's counts together, in one EMF line, once it is answered
 * (./middleware.ts).
 */
export function countMetric(name: MetricName): void {
  metrics.addMetric(name, MetricUnit.Count, 1);
}
