/**
 * docs/openapi.yaml's error codes are the catalogue of docs/api.md, Errors: the same codes,
 * messages and HTTP statuses, in ErrorCode and in the description's table.
 */
import { CATALOGUE } from '../support/expect-error';
import { statusFor } from '../support/catalogue';
import { doc, type Json } from '../support/openapi-document';

describe('the error catalogue', () => {
  const ErrorCode = doc.components.schemas.ErrorCode;

  test("ErrorCode enumerates the catalogue's 30 codes with their messages, in order", () => {
    expect(ErrorCode.oneOf.map((entry: Json) => [entry.const, entry.title])).toEqual(CATALOGUE.map(([code, message]) => [code, message]));
  });

  test("each entry's HTTP status is the status per code of docs/api.md, Errors", () => {
    for (const entry of ErrorCode.oneOf) expect([entry.const, entry['x-http-status']]).toEqual([entry.const, statusFor(entry.const)]);
  });

  test("the description's table lists the same codes and messages", () => {
    const rows = [...String(doc.info.description).matchAll(/^\| (\d+) \| (.+) \| (\d+) \|$/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(rows).toEqual(CATALOGUE.map(([code, message]) => [code, message]));
  });

  test('the description tells that Javascript always answers 200', () => {
    expect(doc.info.description).toMatch(/Javascript is always HTTP 200/);
  });
});
