/**
 * An argument the endpoint does not take is 1001, naming it only when the name is safe to show;
 * names are case-sensitive, and a repeated argument counts with its first value (docs/api.md,
 * Arguments every endpoint takes).
 */
import { expectError, TYPES, typeQuery } from '../support/expect-error';
import { expectSuccess } from '../support/expect-success';
import { invoke, withKey } from '../support/invoke';
import { REQUEST_STATIC_PATHS as STATIC_PATHS } from '../support/static-paths';

describe('Requests: Unknown query arguments', () => {
  test.each(STATIC_PATHS)('%s: an unknown argument is 1001 (403) naming it, in every type', async (path) => {
    for (const type of TYPES) {
      expectError(await invoke(withKey(`${path}?${typeQuery(type)}&foo=1`)), type, 1001, 403, { detail: 'foo' });
    }
  });

  const OWN_ARGUMENTS = ['count', 'offset', 'sort', 'url', 'min_submit_date', '_'];
  test.each(OWN_ARGUMENTS)('these endpoints take no own arguments: %s is 1001', async (name) => {
    for (const path of STATIC_PATHS) expectError(await invoke(withKey(`${path}?type=json&${name}=1`)), 'json', 1001, 403, { detail: name });
  });

  test('argument names are case-sensitive: Type is not type', async () => {
    expectError(await invoke(withKey('/errors?Type=json')), 'xml', 1001, 403, { detail: 'Type' });
  });

  const HOSTILE_NAMES = ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%22onload%3D', 'a%20b', '%E2%80%A8'];
  test.each(HOSTILE_NAMES)('a hostile name (%s) is not reflected', async (name) => {
    for (const type of TYPES) {
      const response = await invoke(withKey(`/errors?${typeQuery(type)}&${name}=1`));
      expect(expectError(response, type, 1001, 403)).toBe('Unrecognized argument');
      expect(response.body).not.toMatch(/script|onload|\u2028/i);
    }
  });

  test('appkey, type and callback are accepted on every endpoint', async () => {
    for (const path of STATIC_PATHS) expectSuccess(await invoke(withKey(`${path}?type=json&callback=cb`)), 'json');
  });

  test('a repeated argument uses its first value', async () => {
    expectSuccess(await invoke(withKey('/errors?type=json&type=php')), 'json');
    expectSuccess(await invoke(withKey('/errors?type=PHP&type=xml')), 'php');
    expectSuccess(await invoke(`/errors?appkey=http://my.app/&appkey=bad&type=json`), 'json');
    expectError(await invoke(`/errors?appkey=bad&appkey=http://my.app/&type=json`), 'json', 1028, 403);
    expectSuccess(await invoke(withKey('/errors?type=javascript&callback=first&callback=2nd')), 'javascript', 'first');
  });
});
