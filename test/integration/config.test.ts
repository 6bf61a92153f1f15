/** readConfig: defaults, and every setting that would make the service answer wrongly is refused. */
import { readConfig } from '../../lib/config';
import { ConfigError } from '../../lib/api-error';
import { refusalOf } from '../support/refusal';

const expectRefused = (env: Record<string, string>) => expect(() => readConfig(env)).toThrow(ConfigError);
/** The message refusing `env`. */
const refusal = (env: Record<string, string>): string => refusalOf(ConfigError, () => readConfig(env));

// Unset or empty alike. No group retires unless the operator says so: no sunset, no brownout.
const EMPTY = { PHP_CLASS_PREFIX: '', DEPRECATION_DATE: '', GALLERY_SUNSET_DATE: '', DENIED_APP_KEYS: '', DEPRECATION_LINK: '' };
test.each([{}, EMPTY])('%j is the defaults', (env) => {
  expect(readConfig(env)).toEqual({
    phpClassPrefix: 'ServiceAPI',
    deprecationDate: new Date('2026-01-01T00:00:00.000Z'),
    schedule: { gallery: { brownouts: [] }, api: { brownouts: [] }, create: { brownouts: [] }, links: { brownouts: [] } },
    deniedAppKeys: new Set(),
    deprecationLink: undefined,
  });
});

describe('PHP_CLASS_PREFIX', () => {
  test.each(['DiggAPI', '_x', 'A1', `D${'a'.repeat(63)}`])('%s is accepted', (prefix) => {
    expect(readConfig({ PHP_CLASS_PREFIX: prefix }).phpClassPrefix).toBe(prefix);
  });

  // php-serialize measures class names in characters, PHP in bytes: only ASCII identifiers are safe.
  test.each(['Dïgg', 'Digg API', '1Digg', 'Digg-API', 'Digg\\API', 'Dígg', '日本', `D${'a'.repeat(64)}`])('%j is refused', (prefix) => {
    expectRefused({ PHP_CLASS_PREFIX: prefix });
  });
});

const DATES = ['DEPRECATION_DATE', 'GALLERY_SUNSET_DATE', 'API_SUNSET_DATE', 'CREATE_SUNSET_DATE', 'LINKS_SUNSET_DATE'] as const;
describe.each(DATES)('%s', (name) => {
  const read = (text: string) => {
    const config = readConfig({ [name]: text });
    if (name === 'DEPRECATION_DATE') return config.deprecationDate;
    const group = name.split('_')[0]!.toLowerCase() as keyof typeof config.schedule;
    return new Date(config.schedule[group].sunset!.at);
  };

  test.each([
    ['2027-12-31', '2027-12-31T00:00:00.000Z'],
    ['2027-12-31T12:30Z', '2027-12-31T12:30:00.000Z'],
    ['2027-12-31T12:30:45Z', '2027-12-31T12:30:45.000Z'],
    ['1970-01-01', '1970-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
  ])('%s is read as %s', (text, iso) => {
    expect(read(text).toISOString()).toBe(iso);
  });

  const NOT_THE_FORM = ['tomorrow', '31/12/2027', '2027-1-1', ' 2027-12-31', '1767225600'];
  const NO_SUCH_DATE = ['2027-13-01', '2027-00-10', '2027-12-32', '2027-02-30', '2027-04-31', '2027-12-31T25:00Z'];
  test.each([...NOT_THE_FORM, ...NO_SUCH_DATE, '1969-12-31T23:59:59Z', '10000-01-01'])('%j is refused', (text) => {
    expectRefused({ [name]: text });
  });
});

describe('DENIED_APP_KEYS', () => {
  test('whitespace-separated absolute URIs, kept in normalised form', () => {
    const config = readConfig({ DENIED_APP_KEYS: ' HTTP://Bad.App\n\thttp://other.app/x  urn:isbn:123 ' });
    expect([...config.deniedAppKeys]).toEqual(['http://bad.app/', 'http://other.app/x', 'urn:isbn:123']);
  });

  test.each(['not-a-uri', 'http://good.app/ relative/path', '//no.scheme/', 'http://[bad'])('%j is refused', (keys) => {
    expectRefused({ DENIED_APP_KEYS: keys });
  });

  // A request's app key has at most 2 048 characters: a longer key could never be denied.
  test('a key of 2 048 characters is taken, one of 2 049 refused', () => {
    const key = (length: number) => `http://bad.app/${'a'.repeat(length - 'http://bad.app/'.length)}`;
    expect([...readConfig({ DENIED_APP_KEYS: key(2048) }).deniedAppKeys]).toEqual([key(2048)]);
    expectRefused({ DENIED_APP_KEYS: `http://good.app/ ${key(2049)}` });
  });
});

describe('DEPRECATION_LINK', () => {
  test.each(['https://docs.example.org/new-api', 'http://docs.example.org/v2?x=1'])('%s is accepted', (link) => {
    expect(readConfig({ DEPRECATION_LINK: link }).deprecationLink).toBe(link);
  });

  test('a link of 2 048 characters is taken, one of 2 049 refused', () => {
    const link = (length: number) => `https://docs.example.org/${'a'.repeat(length - 'https://docs.example.org/'.length)}`;
    expect(readConfig({ DEPRECATION_LINK: link(2048) }).deprecationLink).toBe(link(2048));
    expectRefused({ DEPRECATION_LINK: link(2049) });
  });

  const NOT_HTTP = ['ftp://docs.example.org/', 'mailto:docs@example.org', 'javascript:alert(1)'];
  test.each([...NOT_HTTP, '/relative/docs', 'docs.example.org', 'https://'])('%j is refused', (link) => {
    expectRefused({ DEPRECATION_LINK: link });
  });

  // The link is sent as `Link: <…>; rel="deprecation"`: what is returned must not break out of
  // the angle brackets or the header line, whatever the URL parser tolerates on input.
  test.each(['https://docs.example.org/a>; rel="next', 'https://docs.example.org/\r\nSet-Cookie: x=1', 'https://docs.example.org/a b'])(
    '%j is refused or made safe for the Link header',
    (link) => {
      let returned: string | undefined;
      try {
        returned = readConfig({ DEPRECATION_LINK: link }).deprecationLink;
      } catch (error) {
        return expect(error).toBeInstanceOf(ConfigError);
      }
      expect(returned).toMatch(/^https?:\/\/[^\s<>"\u0000-\u001F\u007F]+$/);
    },
  );
});

// An operator's long or hostile value is not repeated whole in the log.
test.each([
  ['PHP_CLASS_PREFIX', `Digg${'A'.repeat(10_000)}`],
  ['DEPRECATION_DATE', `2027-01-01${' '.repeat(10_000)}`],
  ['DENIED_APP_KEYS', `http://bad.app/${'a'.repeat(10_000)}`],
  ['DEPRECATION_LINK', `https://docs.example.org/${'a'.repeat(10_000)}`],
])('%s: a refusal names the setting and quotes the first 100 characters of its value', (name, value) => {
  const message = refusal({ [name]: value });
  expect(message).toMatch(new RegExp(`^${name} `));
  expect(message).toContain(`${JSON.stringify(value.slice(0, 100))}…`);
  expect(message).not.toContain(value.slice(0, 101));
});
