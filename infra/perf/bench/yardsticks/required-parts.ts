/**
 * What the design requires of every function, and nothing of the project: middy, with
 * Powertools' Logger and Metrics through their own middlewares, one log line and one count per
 * request. The floors (./static-floor.ts, ./database-floor.ts) wrap their handlers in it, so
 * that the bench can say how much of a function's bytes and cold start the required libraries
 * take before a line of the project's own code runs.
 */
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
