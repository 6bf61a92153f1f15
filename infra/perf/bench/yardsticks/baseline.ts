/**
 * The benchmark's baseline: a bare Lambda handler that answers a constant body with the same
 * headers as a real (cacheable, XML) response, and nothing else: no middy, no parsing, no
 * rendering. It is bundled with the functions' own settings and measured exactly as they are,
 * so the difference is the cost of the pipeline, the renderers and their dependencies.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const BODY = '<?xml version="1.0" encoding="UTF-8"?><errors timestamp="0"/>';

export const HEADERS = {
  'Content-Type': 'text/xml; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Allow-Origin': '*',
  Vary: 'Accept',
  'Cache-Control': 'public, max-age=300',
  Deprecation: '@1767225600',
};

export const handler = async (_event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 200,
  headers: HEADERS,
  body: BODY,
});
