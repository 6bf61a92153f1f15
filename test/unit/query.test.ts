/**
 * Query arguments (lib/http/query.ts) are decoded as browsers decode forms: the WHATWG
 * application/x-www-form-urlencoded parser (URLSearchParams) is the oracle, over raw query
 * strings of ASCII (read verbatim, the common case) with `+` and escapes that are UTF-8 or no
 * escape at all (`%`, `%2`); the first value of a repeated name wins. Node's URLSearchParams
 * decodes bytes that are not UTF-8, and raw characters beyond ASCII among escapes, otherwise than
 * the Encoding standard's TextDecoder does (`%E9` then U+00A0 loses the U+00A0), so those are
 * checked by example.
 */
import fc from 'fast-check';
import { queryArguments } from '../../lib/http/query';

const piece = fc.oneof(
  fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '=', '&', '+', '%', '%2', '%41', '%2B', '%26', '%3D', '%C3%A9', '%F0%9F%98%80'),
  fc.string({ unit: 'binary-ascii', maxLength: 3 }),
);
const rawQuery = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

test('every name reads as URLSearchParams reads it, first value first', () => {
  fc.assert(
    fc.property(rawQuery, (raw) => {
      const { values } = queryArguments({ rawQueryString: raw });
      // URLSearchParams drops a leading `?`, which a raw query string does not have.
      const oracle = new URLSearchParams(`&${raw}`);
      expect([...values.keys()].sort()).toEqual([...new Set(oracle.keys())].sort());
      for (const [name, value] of values) expect(value).toBe(oracle.get(name));
    }),
    { numRuns: 2000 },
  );
});

test('plain names and values are taken verbatim; escapes that are not UTF-8 are marked', () => {
  const raw = 'appkey=http://my.app/&type=json&url=caf%E9&q=caf%C3%A9&type=xml&n=%E9\u00a0&%FF=1';
  const { values, notUtf8 } = queryArguments({ rawQueryString: raw });
  expect(Object.fromEntries(values)).toEqual({
    appkey: 'http://my.app/',
    type: 'json',
    url: 'caf\uFFFD',
    q: 'café',
    n: '\uFFFD\u00a0',
    '\uFFFD': '1',
  });
  expect([...notUtf8].sort()).toEqual(['n', 'url']);
});

test('characters beyond ASCII among escapes decode byte by byte, as the lenient decoder reads them, not by decodeURIComponent', () => {
  // A lone surrogate becomes U+FFFD before its neighbour's escape is read; a value with a raw
  // non-ASCII character and UTF-8 escapes stays UTF-8.
  const { values, notUtf8 } = queryArguments({ rawQueryString: 'a=\ud800%41&b=\u00e9%C3%A9+x&c=%41%42' });
  expect(Object.fromEntries(values)).toEqual({ a: '\uFFFDA', b: '\u00e9\u00e9 x', c: 'AB' });
  expect([...notUtf8]).toEqual([]);
});
