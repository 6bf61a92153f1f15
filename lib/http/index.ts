export * from './arguments';
export { endpoint, pathParameter, unmatchedRoute, type LambdaHandler } from './endpoint';
