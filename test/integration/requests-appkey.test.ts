/**
 * The app key (docs/api.md, Arguments every endpoint takes: appkey): missing or empty is 1005; not
 * an absolute URI, example.com, whitespace, escapes that are not UTF-8 or a denied key are 1028.
 */
import { expectError, invokeWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { expectSuccess } from '../support/expect-success';
import { invoke } from '../support/invoke';
import { REQUEST_STATIC_PATHS as STATIC_PATHS } from '../support/static-paths';

describe('Requests: appkey', () => {
  test.each(STATIC_PATHS)('%s without a key is 1005 (403) in every type', async (path) => {
    for (const type of TYPES) expectError(await invoke(`${path}?${typeQuery(type)}`), type, 1005, 403);
  });

  test('an empty key is 1005', async () => {
    expectError(await invoke('/errors?appkey='), 'xml', 1005, 403);
    expectError(await invoke('/containers?appkey=&type=json'), 'json', 1005, 403);
  });

  test.each([
    ['relative path', '%2Fmy%2Fapp'],
    ['relative name', 'myapp'],
    ['not a URI', 'not%20a%20uri'],
    ['spaces as +', 'my+app'],
    ['scheme only', 'http%3A'],
    ['example.com', 'http%3A%2F%2Fexample.com%2F'],
    ['example.com, raw', 'http://example.com/'],
    ['example.com, upper case', 'http://EXAMPLE.COM/app'],
    ['sub.example.com', 'http://sub.example.com/'],
    ['sub.example.com, encoded', 'https%3A%2F%2Fsub.example.com%2Fx'],
    ['leading whitespace', '%20http%3A%2F%2Fmy.app%2F'],
    ['trailing whitespace', 'http://my.app/%20'],
    ['a line break', 'http://my.app/%0A'],
    ['an escape that is not UTF-8 (a lone Latin-1 é)', 'http%3A%2F%2Fmy.app%2F%E9'],
    ['a broken UTF-8 sequence', 'http://my.app/%C3%28'],
    ['an overlong UTF-8 sequence', 'http://my.app/%C0%AF'],
    ['a lone continuation byte, raw key', 'http://my.app/x%80'],
  ])('%s is 1028 (403) in every type', async (_name, key) => {
    for (const type of TYPES) expectError(await invoke(`/errors?${typeQuery(type)}&appkey=${key}`), type, 1028, 403);
  });

  test.each([
    ['URL-encoded', 'http%3A%2F%2Fmy.app%2F'],
    ['raw', 'http://my.app/'],
    ['a URN', 'urn:app:x'],
    ['a URN, encoded', 'urn%3Aapp%3Ax'],
    ['https with a path and query', 'https%3A%2F%2Fmy.app%2Fclient%3Fv%3D2'],
    ['a host that only contains example.com', 'http://example.com.evil.org/'],
    ['UTF-8 escapes (é)', 'http%3A%2F%2Fmy.app%2F%C3%A9'],
  ])('%s is accepted', async (_name, key) => {
    for (const path of STATIC_PATHS) expectSuccess(await invoke(`${path}?type=json&appkey=${key}`), 'json');
  });

  test('keys on the deny list (DENIED_APP_KEYS) are 1028, in their normalised form too', async () => {
    const env = { DENIED_APP_KEYS: 'http://denied.app/ urn:blocked:1' };
    for (const key of ['http://denied.app/', 'http%3A%2F%2Fdenied.app%2F', 'HTTP://DENIED.APP', 'urn:blocked:1']) {
      expectError(await invokeWithEnv(env, `/errors?type=json&appkey=${key}`), 'json', 1028, 403);
    }
    expectError(await invokeWithEnv(env, '/container/sports?appkey=urn:blocked:1'), 'xml', 1028, 403);
    expectSuccess(await invokeWithEnv(env, '/errors?type=json&appkey=http://allowed.app/'), 'json');
    expectSuccess(await invoke('/errors?type=json&appkey=http://denied.app/'), 'json');
  });
});
