/**
 * The short-link host when DynamoDB fails or throttles a view, on a mocked document client (no database),
 * docs/api.md, Short URLs: Views: a view is one conditional ADD, a throttled one counted on a shard, a failed one
 * costs the view and not the redirect; the 404, 500 and 503 pages show nothing internal.
 */
import { consoleError, FakeDatabase, failingWith, install, type Point } from '../support/fake-short-url-tables';
import { ThrottlingException } from '@aws-sdk/client-dynamodb';
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { named, TRANSIENT, UNEXPECTED } from '../support/dynamodb-errors';
import { DEPRECATION } from '../support/expect-error';
import { invokeShortLink, type Invocation } from '../support/invoke';
import { EXISTING, expectNoInternals } from '../support/short-url-fault-answers';

jest.setTimeout(30_000);

/** A code of seven letters no other test of this file uses: one the short-link host does not remember. */
let codes = 0;
const freshCode = (): string => `Fresh${String(++codes).padStart(2, '0')}`;

describe('the short-link host', () => {
  const expectPage = (response: Invocation, status: number) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers.deprecation).toBe(DEPRECATION);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toMatch(/^<!doctype html>/);
  };

  test('a visit counts the view and answers 301 to the link', async () => {
    const database = new FakeDatabase();
    database.put(EXISTING);
    install(database);
    const { statusCode, headers } = await invokeShortLink(`/${EXISTING.code}`);
    expect([statusCode, headers.location, headers.deprecation]).toEqual([301, EXISTING.link, DEPRECATION]);
    expect(database.shortUrls.get(`code#${EXISTING.code}`)?.view_count).toBe(EXISTING.view_count + 1);
  });

  test('a view is one ADD sent once, which answers the link: no read beside it, and a code gone is 404', async () => {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: 'Seen123', link: 'https://faults.example/seen' };
    database.put(record);
    install(database);
    for (let i = 0; i < 3; i++) expect((await invokeShortLink(`/${record.code}`)).headers.location).toBe(record.link);
    expect(database.points()).toEqual(['count-view', 'count-view', 'count-view']);
    const view = database.calls[0]!.input as UpdateCommandInput;
    expect(view).toMatchObject({
      UpdateExpression: 'ADD view_count :one',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabled)',
      ReturnValues: 'ALL_NEW',
    });
    expect(database.shortUrls.get(`code#${record.code}`)?.view_count).toBe(record.view_count + 3);
    database.shortUrls.delete(`code#${record.code}`);
    expect((await invokeShortLink(`/${record.code}`)).statusCode).toBe(404);
  });

  test('a view DynamoDB refused without applying it (the item held by a transaction) is sent again and counted once', async () => {
    const database = new FakeDatabase();
    database.put(EXISTING);
    const make = named('TransactionConflictException', 'Transaction is ongoing for the item');
    install(database, (point, _input, db) => (point === 'count-view' && db.count('count-view') <= 2 ? make() : undefined));
    expect((await invokeShortLink(`/${EXISTING.code}`)).statusCode).toBe(301);
    expect(database.count('count-view')).toBe(3);
    expect(database.shortUrls.get(`code#${EXISTING.code}`)?.view_count).toBe(EXISTING.view_count + 1);
  });

  test('a view the record’s key throttles is counted once on a shard, and the record marked: 301 to its link all the same', async () => {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: freshCode(), link: 'https://faults.example/throttled' };
    database.put(record);
    install(database, (point) =>
      point === 'count-view' ? new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }) : undefined,
    );
    const response = await invokeShortLink(`/${record.code}`);
    expect([response.statusCode, response.headers.location]).toEqual([301, record.link]);
    expect(database.points().sort()).toEqual(['count-shard', 'count-view', 'find-code', 'mark-shards']);
    const shards = [...database.shortUrls.values()].filter((item) => String(item.pk).startsWith(`views#${record.code}#`));
    expect(shards.map((shard) => shard.view_count)).toEqual([1]);
    expect(database.shortUrls.get(`code#${record.code}`)).toMatchObject({ view_count: record.view_count, view_shards: 16 });
  });

  test('a view whose fate is unknown (a timeout) is never sent again: the link is read, and the visitor redirected', async () => {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: freshCode(), link: 'https://faults.example/unknown-fate' };
    database.put(record);
    install(database, failingWith(['count-view'], named('TimeoutError', 'Socket timed out'), []));
    const response = await invokeShortLink(`/${record.code}`);
    expect([response.statusCode, response.headers.location]).toEqual([301, record.link]);
    expect(database.points()).toEqual(['count-view', 'find-code']);
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('an unknown code (the conditional update refused) is the 404 page', async () => {
    const database = new FakeDatabase();
    install(database);
    const response = await invokeShortLink('/Nope123');
    expectPage(response, 404);
    expect(database.count('count-view')).toBe(1);
    expectNoInternals(response);
    expect(consoleError).not.toHaveBeenCalled();
  });

  /** A database with a record under a new code, failing every call at `points` with a new `make()`, kept in `errors`. */
  function freshLinkFailing(points: readonly Point[], make: () => Error) {
    const database = new FakeDatabase();
    const record = { ...EXISTING, code: freshCode() };
    database.put(record);
    const errors: Error[] = [];
    install(database, failingWith(points, make, errors));
    return { database, record, errors };
  }

  test.each([...TRANSIENT, ...UNEXPECTED])(
    'the view failing (%s) costs the view, not the redirect: 301 to its link all the same',
    async (_name, make) => {
      // Throttling fails the view on the shards too; a code of its own, which no earlier throttle made the function skip.
      const { database, record, errors } = freshLinkFailing(['count-view', 'count-shard'], make);
      const response = await invokeShortLink(`/${record.code}`);
      expect([response.statusCode, response.headers.location]).toEqual([301, record.link]);
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(database.shortUrls.get(`code#${record.code}`)?.view_count).toBe(record.view_count);
      expect([...database.shortUrls.keys()].filter((pk) => pk.startsWith('views#'))).toEqual([]);
      expectNoInternals(response, errors[0]);
    },
  );

  test.each([
    ...TRANSIENT.map(([name, make]) => [503, name, make] as const),
    ...UNEXPECTED.map(([name, make]) => [500, name, make] as const),
  ])(
    'the %d page when the view and the read of its link both fail (%s), nothing of it in the body; logged only if unexpected',
    async (status, _name, make) => {
      // A code no earlier visit made the function remember: its link must be read.
      const { record, errors } = freshLinkFailing(['count-view', 'find-code'], make);
      const response = await invokeShortLink(`/${record.code}`);
      expectPage(response, status);
      expect(response.headers['retry-after']).toBe(status === 503 ? '1' : undefined);
      expectNoInternals(response, errors.at(-1));
      expect(consoleError.mock.calls.map(([line]) => String(line).includes(errors.at(-1)!.message))).toEqual(status === 503 ? [] : [true]);
    },
  );
});
