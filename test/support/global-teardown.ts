import type { DynamoDbLocal } from '../../infra/dynamodb/local';

export default async function globalTeardown(): Promise<void> {
  await ((globalThis as Record<string, unknown>).dynamoDbLocal as DynamoDbLocal | undefined)?.stop();
}
