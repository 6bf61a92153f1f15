/** Assertions for thousands of fields: expect() (costly to call) only when the check fails, for its verdict and message. */

export function expectIs(actual: unknown, expected: unknown): void {
  if (!Object.is(actual, expected)) expect(actual).toBe(expected);
}

/** expect(actual).toEqual(expected), for lists of strings and numbers (Object.is, item by item). */
export function expectList(actual: readonly unknown[], expected: readonly unknown[]): void {
  if (!Array.isArray(actual) || actual.length !== expected.length || actual.some((item, i) => !Object.is(item, expected[i])))
    expect(actual).toEqual(expected);
}

/** expect(text).toMatch(pattern); a pattern with the g or y flag always goes to expect(), which ignores lastIndex. */
export function expectMatch(text: unknown, pattern: RegExp): void {
  if (typeof text !== 'string' || pattern.global || pattern.sticky || !pattern.test(text)) expect(text).toMatch(pattern);
}
