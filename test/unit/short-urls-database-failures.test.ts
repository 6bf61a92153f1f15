/**
 * The short-URL API when DynamoDB fails, on a mocked document client (no database), at every place a creation or
 * a lookup meets it: transient failures are error 500 with HTTP 503 and Retry-After, others error 500, logged
 * (lib/db/failures.ts); nothing internal reaches a body (docs/api.md, Errors). Every type is checked.
 */
import { consoleError, FakeDatabase, failingWith, install, type Point } from '../support/fake-short-url-tables';
import { THROTTLING, TRANSIENT, UNEXPECTED } from '../support/dynamodb-errors';
import { linkKey } from '../../lib/shorturls/link';
import { TYPES, type ResponseType } from '../support/expect-error';
import { invoke } from '../support/invoke';
import {
  createTarget,
  EXISTING,
  expectInternalError,
  expectLogged,
  expectUnavailable,
  lookupTarget,
} from '../support/short-url-fault-answers';

jest.setTimeout(30_000);

/** Where an API request meets the database, with the request that gets there. */
const API_SITES: readonly { point: Point; request: string; target: (type: ResponseType) => string }[] = [
  { point: 'rate-limit', request: 'creation', target: (type) => createTarget(type) },
  { point: 'find-link', request: 'creation', target: (type) => createTarget(type) },
  { point: 'find-code', request: 'creation of a known link', target: (type) => createTarget(type, EXISTING.link) },
  { point: 'next-itemid', request: 'creation', target: (type) => createTarget(type) },
  { point: 'insert', request: 'creation', target: (type) => createTarget(type) },
  { point: 'find-code', request: 'lookup', target: (type) => lookupTarget(type) },
];

/** A database holding EXISTING, failing every call at `point` with a new `make()`. */
function failingAt(point: Point, make: () => Error): { database: FakeDatabase; errors: Error[] } {
  const database = new FakeDatabase();
  database.put(EXISTING);
  const errors: Error[] = [];
  install(database, failingWith([point], make, errors));
  return { database, errors };
}

describe('a database failure: transient is error 500 with HTTP 503 and Retry-After, unlogged; any other error 500, logged', () => {
  const cases = API_SITES.flatMap((site) =>
    [...TRANSIENT.map((error) => [...error, true] as const), ...UNEXPECTED.map((error) => [...error, false] as const)]
      .filter(([name]) => site.point !== 'rate-limit' || !THROTTLING.some(([throttling]) => throttling === name))
      .map(([name, make, transient]) => [site.request, site.point, name, site, make, transient] as const),
  );
  test.each(cases)('%s, %s: %s', async (_request, _point, _name, site, make, transient) => {
    const { errors } = failingAt(site.point, make);
    for (const type of TYPES) {
      consoleError.mockClear();
      const response = await invoke(site.target(type));
      expect(errors).toHaveLength(TYPES.indexOf(type) + 1);
      if (transient) {
        expectUnavailable(response, type, errors.at(-1));
        expect(consoleError).not.toHaveBeenCalled();
      } else {
        expectInternalError(response, type, errors.at(-1));
        expectLogged(errors.at(-1));
      }
    }
  });

  test('a failed creation stores nothing', async () => {
    const { database } = failingAt('insert', UNEXPECTED[0]![1]);
    for (const type of TYPES) expectInternalError(await invoke(createTarget(type)), type, undefined);
    expect([...database.shortUrls.keys()].sort()).toEqual([`code#${EXISTING.code}`, `link#${linkKey(EXISTING.link)}`]);
  });
});
