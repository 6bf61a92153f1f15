export { countMetric, DEFAULT_METRICS_NAMESPACE, DEFAULT_SERVICE_NAME, logger, metrics, type MetricName } from './powertools';
export { observeRequests, type RequestSummary, type Summarise } from './middleware';
