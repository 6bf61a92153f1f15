/** What the design requires of every function, and nothing of the project: middy, Powertools' Logger and Metrics, a log line and a count per request. */
import middy from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const logger = new Logger();
const metrics = new Metrics();

type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

export const withRequiredParts = (handler: Handler) =>
  middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger))
    .use(logMetrics(metrics))
    .handler(async (event) => {
      const answer = await handler(event);
      logger.info('request', { status: answer.statusCode });
      metrics.addMetric('Requests', MetricUnit.Count, 1);
      return answer;
    });
