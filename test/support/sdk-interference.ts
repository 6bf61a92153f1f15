/**
 * Faults in the AWS SDK's middleware, inside its retry loop: a call that never reaches DynamoDB, or one
 * applied whose answer is lost, so that tests see what the SDK sends again and what the code counts.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Runs `run` with a step in `client`'s middleware (inside the SDK's retry loop) for the calls `applies`
 * picks: throwing in `before`, the call never reaches DynamoDB; in `after`, it was applied but its answer
 * lost. Answers the sends of each call, in order.
 */
export async function interfering(
  client: DynamoDBDocumentClient,
  applies: (command: string | undefined, input: Record<string, unknown>) => boolean,
  step: { before?: (attempt: number) => void; after?: (attempt: number) => void },
  run: () => Promise<unknown>,
): Promise<number[]> {
  const name = `interfere-${randomUUID()}`;
  const attempts = new Map<unknown, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!applies(context.commandName, args.input as Record<string, unknown>)) return next(args);
      const attempt = (attempts.get(args.input) ?? 0) + 1;
      attempts.set(args.input, attempt);
      step.before?.(attempt);
      const result = await next(args);
      step.after?.(attempt);
      return result;
    },
    { step: 'deserialize', name },
  );
  try {
    await run();
    return [...attempts.values()];
  } finally {
    client.middlewareStack.remove(name);
  }
}

/** An error as the SDK gives one, by its name. */
export const failure = (name: string, message: string) => Object.assign(new Error(message), { name, $metadata: {} });
