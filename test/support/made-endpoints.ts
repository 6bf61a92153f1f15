/**
 * Endpoints a test makes with endpoint() and a handler of its own, for answers no endpoint of this
 * release gives (docs/api.md: Headers, Errors, Bodies), and the call of one in a type.
 */
import type { Handler } from '../../infra/local/invoke';
import { endpoint } from '../../lib/http/endpoint';
import { ErrorListShape } from '../../lib/resources/catalogue';
import { resource, type Resource } from '../../lib/resources/shape';
import { invokeHandler, type ResponseType, typeQuery } from './expect-error';
import { APP_KEY } from './invoke';

const KEY = `appkey=${encodeURIComponent(APP_KEY)}`;

/** An endpoint with no arguments of its own answering what `make` returns. */
export const resourceEndpoint = (make: () => Resource, spec: { cacheable?: boolean } = {}) => endpoint({ args: {}, ...spec }, make);
/** A handler that throws `thrown`. */
export const throwing =
  (thrown: unknown): (() => never) =>
  () => {
    throw thrown;
  };
/** An endpoint answering an error list of one entry with `message`. */
export const listOf = (message: string) =>
  resourceEndpoint(() => resource(ErrorListShape, { timestamp: 1, errors: [{ code: 1, message }] }));
/** Calls `handler` on /errors with the test app key, in `type` (Javascript's callback: cb), `query` appended. */
export const call = (handler: Handler, type: ResponseType, query = '') =>
  invokeHandler(handler, `/errors?${KEY}&${typeQuery(type, 'cb')}${query}`);
