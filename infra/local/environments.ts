/**
 * Lambda's execution environments for `npm start`: each function runs in one of its own, with
 * its own instance of every module it imports (a namespace of tsx's loader: the same source,
 * evaluated once per function), as each function on Lambda has a container with a bundle of its
 * own. So a function's module-level state (its Powertools Logger and its cold-start flag, its
 * DynamoDB client, the short-link host's cache) is its own, and its first invocation is its cold
 * start, as Lambda flags it.
 *
 * An environment takes overlapping requests, as Lambda's managed instances do (on demand, Lambda
 * would start another environment, cold); as their runtime does, each invocation runs in
 * Lambda's InvokeStore, with AWS_LAMBDA_MAX_CONCURRENCY set, which makes Powertools keep the
 * invocation's context (request id, cold start) and its metrics apart from the others'.
 * Only under tsx (npm start); tests and the bench invoke in the process's shared modules
 * (./invoke.ts).
 */
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { register } from 'tsx/esm/api';
import type { Handler, InvokeFunction } from './invoke';
import { PROJECT_ROOT } from '../template/read';

/** What the Lambda runtime sets in every environment, as far as the functions' libraries read it. */
const LAMBDA_RUNTIME = {
  // Powertools flags a cold start only in an on-demand environment.
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  // Powertools keeps per-invocation state in the InvokeStore only when invocations may overlap;
  // it reads whether this is set, not its value (the stand-in limits nothing).
  AWS_LAMBDA_MAX_CONCURRENCY: '64',
};

export interface LambdaEnvironments {
  readonly invoke: InvokeFunction;
  /** The event of an invocation in flight, by its Lambda request id (for its log lines: ./log-lines.ts). */
  eventOf(requestId: string): APIGatewayProxyEventV2 | undefined;
}

export async function lambdaEnvironments(): Promise<LambdaEnvironments> {
  // Made before AWS_LAMBDA_MAX_CONCURRENCY is set: from then on, Powertools looks for it.
  const store = await InvokeStore.getInstanceAsync(true);
  for (const [name, value] of Object.entries(LAMBDA_RUNTIME)) process.env[name] ??= value;
  const handlers = new Map<string, Promise<Handler>>();
  const inFlight = new Map<string, APIGatewayProxyEventV2>();
  const handlerOf = (id: string, entry: string, exportName: string): Promise<Handler> => {
    let handler = handlers.get(id);
    if (!handler) {
      handler = register({ namespace: id })
        .import(`${PROJECT_ROOT}/${entry}`, import.meta.url)
        .then((module: Record<string, unknown>) => {
          if (typeof module[exportName] !== 'function') throw new Error(`${entry} exports no function ${exportName}`);
          return module[exportName] as Handler;
        });
      handlers.set(id, handler);
    }
    return handler;
  };
  return {
    async invoke(fn, event, context) {
      const handler = await handlerOf(fn.id, fn.entry, fn.exportName);
      inFlight.set(context.awsRequestId, event);
      try {
        return await store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () => handler(event, context));
      } finally {
        inFlight.delete(context.awsRequestId);
      }
    },
    eventOf: (requestId) => inFlight.get(requestId),
  };
}
