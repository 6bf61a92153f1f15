/** docs/api.md, Arguments every endpoint takes: `appkey` — checkAppKey as a pure function, deny list included. */
import { checkAppKey } from '../../lib/http/app-key';

const NONE: ReadonlySet<string> = new Set();
const rejects = (code: number) =>
  expect.objectContaining({ code, message: expect.stringMatching(/^(Application key required|Invalid application key)/) });

describe('Requests: appkey', () => {
  test.each([[undefined], ['']])('missing or empty (%j) is 1005', (raw) => {
    expect(() => checkAppKey(raw, NONE)).toThrow(rejects(1005));
  });

  test.each([
    ['relative path', '/my/app'],
    ['relative name', 'myapp'],
    ['not a URI', 'not a uri'],
    ['scheme only', 'http:'],
    ['scheme without host or path', 'mailto:'],
    ['example.com', 'http://example.com/'],
    ['example.com, upper case', 'https://EXAMPLE.COM/app'],
    ['example.com with a trailing dot', 'http://example.com./'],
    ['example.com with a port and credentials', 'http://user@example.com:8080/x'],
    ['a subdomain of example.com', 'http://sub.example.com/'],
    ['a deep subdomain of example.com', 'https://a.b.example.com/app'],
    ['leading whitespace', ' http://my.app/'],
    ['trailing whitespace', 'http://my.app/ '],
    ['inner whitespace', 'http://my.app/a b'],
    ['a tab', 'http://my.app/\t'],
    ['a control character', 'http://my.app/\u0001'],
    ['longer than 2048 characters', `http://my.app/${'a'.repeat(2048)}`],
  ])('%s is 1028', (_name, raw) => {
    expect(() => checkAppKey(raw, NONE)).toThrow(rejects(1028));
  });

  test.each([
    ['http://my.app/', 'http://my.app/'],
    ['https://my.app/path?q=1', 'https://my.app/path?q=1'],
    ['urn:app:x', 'urn:app:x'],
    ['HTTP://My.App', 'http://my.app/'],
    ['http://example.com.evil.org/', 'http://example.com.evil.org/'],
    ['http://notexample.com/', 'http://notexample.com/'],
  ])('%s is accepted (as %s)', (raw, normalised) => {
    expect(checkAppKey(raw, NONE)).toBe(normalised);
  });

  describe('deny list', () => {
    const denied: ReadonlySet<string> = new Set(['http://denied.app/', 'urn:blocked:1']);

    test.each(['http://denied.app/', 'http://DENIED.app', 'urn:blocked:1'])('%s is 1028', (raw) => {
      expect(() => checkAppKey(raw, denied)).toThrow(rejects(1028));
    });

    test('other keys pass', () => {
      expect(checkAppKey('http://allowed.app/', denied)).toBe('http://allowed.app/');
      expect(checkAppKey('urn:blocked:2', denied)).toBe('urn:blocked:2');
    });
  });
});
