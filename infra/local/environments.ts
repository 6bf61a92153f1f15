/**
 * `npm start`'s execution environments: each function's modules are its own (a namespace of
 * tsx's loader), as its container on Lambda, and overlapping invocations run in Lambda's
 * InvokeStore, as on Lambda's managed instances (docs/local.md).
 */
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { register } from 'tsx/esm/api';
import { type Handler, handlerIn, type InvokeFunction } from './invoke';
import type { FunctionDefinition } from '../template/functions';
import { PROJECT_ROOT } from '../template/read';

/** What the Lambda runtime sets in every environment, as far as the functions' libraries read it. */
const LAMBDA_RUNTIME = {
  // Powertools flags a cold start only in an on-demand environment.
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  // Powertools keeps per-invocation state in the InvokeStore only when invocations may overlap;
  // it reads whether this is set, not its value (the stand-in limits nothing).
  AWS_LAMBDA_MAX_CONCURRENCY: '64',
};

/** How to invoke a function in its environment, and the event of an invocation in flight, by its request id (for ./log-lines.ts). */
export async function lambdaEnvironments() {
  // Made before AWS_LAMBDA_MAX_CONCURRENCY is set: from then on, Powertools looks for it.
  const store = await InvokeStore.getInstanceAsync(true);
  for (const [name, value] of Object.entries(LAMBDA_RUNTIME)) process.env[name] ??= value;
  const handlers = new Map<string, Promise<Handler>>();
  const inFlight = new Map<string, APIGatewayProxyEventV2>();
  const handlerOf = ({ id, entry, exportName }: FunctionDefinition): Promise<Handler> => {
    if (!handlers.has(id)) {
      const loading = register({ namespace: id }).import(`${PROJECT_ROOT}/${entry}`, import.meta.url);
      handlers.set(
        id,
        loading.then((module: Record<string, unknown>) => handlerIn(module, entry, exportName)),
      );
    }
    return handlers.get(id)!;
  };
  const invoke: InvokeFunction = async (fn, event, context) => {
    const handler = await handlerOf(fn);
    inFlight.set(context.awsRequestId, event);
    try {
      return await store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () => handler(event, context));
    } finally {
      inFlight.delete(context.awsRequestId);
    }
  };
  return { invoke, eventOf: (requestId: string) => inFlight.get(requestId) };
}
