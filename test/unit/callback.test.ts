/** docs/api.md, Arguments every endpoint takes: `callback` — checkCallback as a pure function. */
import { checkCallback } from '../../lib/http/callback';

const MISSING = 'A service API request is missing the callback argument.';
const INVALID = 'A service API request has an invalid callback argument.';

describe('Requests: callback', () => {
  test.each([[undefined], ['']])('missing or empty (%j) is 1002', (raw) => {
    expect(() => checkCallback(raw)).toThrow(expect.objectContaining({ code: 1002, message: MISSING }));
  });

  test.each(['cb', '$', '_', 'jQuery1234_5678', '$.fn.done', 'a.b.c', 'A9$_.b_$9', 'x'.repeat(128), `${'a.'.repeat(63)}bc`])(
    '%s is valid',
    (raw) => {
      expect(checkCallback(raw)).toBe(raw);
    },
  );

  test.each([
    ['starting with a digit', '1abc'],
    ['a hyphen', 'a-b'],
    ['an empty segment', 'a..b'],
    ['a trailing dot', 'a.'],
    ['a leading dot', '.a'],
    ['a call', 'alert(1)'],
    ['markup', '<script>'],
    ['a space', 'a b'],
    ['a trailing line break', 'cb\n'],
    ['brackets', 'a[0]'],
    ['non-ASCII letters', 'café'],
    ['129 characters', 'x'.repeat(129)],
    ['129 characters, dotted', `${'a.'.repeat(64)}b`],
  ])('%s is 1003', (_name, raw) => {
    expect(() => checkCallback(raw)).toThrow(expect.objectContaining({ code: 1003, message: INVALID }));
  });
});
