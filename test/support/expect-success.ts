/** The assertion that an answer is a success in a given type, decoded with the real parser its Content-Type names. */
import { CONTENT_TYPE, type ResponseType } from './expect-error';
import type { Invocation } from './invoke';
import { decode } from './parsers';

/** Asserts a successful answer in `type` and returns it decoded. */
export function expectSuccess(response: Invocation, type: ResponseType, callback = 'callback') {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(CONTENT_TYPE[type]);
  const decoded = decode(response.headers['content-type'], response.body, callback);
  expect(decoded.type).toBe(type);
  if (decoded.type === 'javascript') expect(decoded.calls).toHaveLength(1);
  if (decoded.type === 'php') expect(decoded.serialized).toBe(response.body);
  return decoded;
}
