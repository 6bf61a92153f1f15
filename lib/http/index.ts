export * from './arguments';
export { endpoint, type EndpointRequest, type LambdaHandler, unmatchedRoute } from './endpoint';
