/** The integration run's own DynamoDB Local (in memory, a free loopback port, the template's tables); workers inherit its environment. */
import { freePort } from '../../infra/dynamodb/local';
import { startLocalStack } from '../../infra/local/stack';
import { loadTemplate } from '../../infra/template/read';
import { SHORT_URL_HOST } from './short-url-host';

export default async function globalSetup(): Promise<void> {
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const database = await startLocalStack(loadTemplate(), { dynamoDbPort: await freePort(), shortUrlHost: SHORT_URL_HOST });
  (globalThis as Record<string, unknown>).dynamoDbLocal = database;
}
