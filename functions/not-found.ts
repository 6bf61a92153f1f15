import { unmatchedRoute } from '../lib/http/endpoint';

/** API Gateway's $default route: any path or method the API does not have. */
export const handler = unmatchedRoute();
