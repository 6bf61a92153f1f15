/**
 * docs/api.md, Errors: status per code — httpStatusFor, and ApiError's use of it. The rate
 * limit's 503 with code 403 and Retry-After goes through the create handler in
 * short-urls-rate-limit-faults.test.ts (expectRateLimited) and short-url-rate-limit.test.ts.
 */
import { httpStatusFor, ApiError } from '../../lib/api-error';
import { statusFor } from '../support/catalogue';

// The catalogue's codes, copied from docs/api.md, Errors.
const CODES = [
  403, 404, 500, 1001, 1002, 1003, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021,
  1022, 1023, 1024, 1025, 1026, 1027, 1028,
];

test.each(CODES.map((code) => [code, statusFor(code)]))('Responses: Status per code: %i answers %i', (code, status) => {
  expect(httpStatusFor(code)).toBe(status);
  expect(new ApiError(code).status).toBe(status);
});

test('a detail follows the catalogue message after ": "', () => {
  expect(new ApiError(1007, 'count (maximum 100)').message).toBe('Argument greater than maximum value: count (maximum 100)');
  expect(new ApiError(1007).message).toBe('Argument greater than maximum value');
});
