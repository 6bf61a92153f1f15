/**
 * How a request picks its type (docs/api.md, Arguments every endpoint takes: type): `type` in any
 * case, else the Accept header's highest q-value, else XML; an unknown type is 1001 in XML.
 */
import { expectError, type ResponseType } from '../support/expect-error';
import { expectSuccess } from '../support/expect-success';
import { invoke, withKey } from '../support/invoke';
import { REQUEST_STATIC_PATHS as STATIC_PATHS } from '../support/static-paths';

describe('Requests: type values', () => {
  // Type values are case-insensitive: each answers its lower-case type.
  const VALUES = ['xml', 'json', 'php', 'XML', 'JSON', 'Php', 'pHp', 'Json', 'javascript', 'JavaScript', 'JAVASCRIPT'];
  test.each(VALUES)('type=%s answers its type', async (value) => {
    for (const path of STATIC_PATHS) {
      expectSuccess(await invoke(withKey(`${path}?type=${value}&callback=cb`)), value.toLowerCase() as ResponseType, 'cb');
    }
  });

  test.each([
    ['xml', 'application/json'],
    ['json', 'application/php'],
    ['php', 'text/xml'],
    ['json', 'text/javascript'],
  ] as const)('type=%s wins over Accept: %s', async (type, accept) => {
    expectSuccess(await invoke(withKey(`/errors?type=${type}`), { headers: { accept } }), type);
  });

  test('type wins over Accept in errors too', async () => {
    expectError(await invoke(`/errors?type=php`, { headers: { accept: 'application/json' } }), 'php', 1005, 403);
  });
});

describe('Requests: Accept header', () => {
  test.each([
    ['application/json', 'json'],
    ['text/javascript', 'javascript'],
    ['application/php', 'php'],
    ['text/xml', 'xml'],
    ['application/json;q=0.5, application/php', 'php'],
    ['application/json, text/xml', 'xml'],
    ['application/php, application/json', 'json'],
    ['*/*', 'xml'],
    ['text/*;q=0.1, application/*;q=0.2', 'json'],
    ['text/xml;q=0, */*;q=0.5', 'json'],
    ['application/json;q=0, application/*', 'php'],
    ['text/xml;q=0, application/json;q=0', 'xml'],
    ['text/html', 'xml'],
    ['garbage', 'xml'],
    ['APPLICATION/PHP', 'php'],
  ] as const)('Accept: %s answers %s', async (accept, type) => {
    expectSuccess(await invoke(withKey(`/errors${type === 'javascript' ? '?callback=callback' : ''}`), { headers: { accept } }), type);
  });

  test('the header name is case-insensitive', async () => {
    expectSuccess(await invoke(withKey('/errors'), { headers: { Accept: 'application/json' } }), 'json');
  });

  test('errors follow Accept as successes do', async () => {
    expectError(await invoke('/errors', { headers: { accept: 'application/json;q=0.5, application/php' } }), 'php', 1005, 403);
    expectError(await invoke('/errors?callback=cb', { headers: { accept: 'text/javascript' } }), 'javascript', 1005, 403, {
      callback: 'cb',
    });
  });
});

describe('Requests: Default type', () => {
  test('no type and no Accept answer XML', async () => {
    for (const path of STATIC_PATHS) expectSuccess(await invoke(withKey(path)), 'xml');
    expectError(await invoke('/errors'), 'xml', 1005, 403);
  });

  const BAD_TYPES = ['yaml', 'text', 'jsonp', 'js', 'xml2', '', 'json%00', 'j%C3%A9son'];
  test.each(BAD_TYPES)('type=%s is 1001 naming type, in XML, HTTP 403', async (value) => {
    expectError(await invoke(withKey(`/errors?type=${value}`)), 'xml', 1001, 403, { detail: 'type' });
  });

  test('an unknown type is answered in XML whatever Accept says', async () => {
    for (const accept of ['application/json', 'application/php', 'text/javascript']) {
      expectError(await invoke(withKey('/containers?type=yaml&callback=cb'), { headers: { accept } }), 'xml', 1001, 403, {
        detail: 'type',
      });
    }
  });
});
