/**
 * Short-URL creations that race, on a mocked document client (no database): the conditional transaction decides,
 * so one link is one record (docs/api.md, Short URLs); a lost race answers the winner's record, a code taken is
 * drawn again, a conflict retried after a pause, and a race that never resolves ends as error 500.
 */
import { cancelled, consoleError, FakeDatabase, type Fault, failingWith, install } from '../support/fake-short-url-tables';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { CONTENT_TYPE, TYPES, type ResponseType } from '../support/expect-error';
import { invoke, type Invocation } from '../support/invoke';
import { decode } from '../support/parsers';
import { SHORT_URL_HOST } from '../support/short-url-host';
import {
  afterAFirstCreation,
  createTarget,
  expectInternalError,
  expectLogged,
  expectUnavailable,
  NEW_URL,
} from '../support/short-url-fault-answers';

jest.setTimeout(30_000);
afterAFirstCreation();

/** The one short URL of a successful answer in `type`, decoded with the real parser. */
function entryOf(response: Invocation, type: ResponseType): ShortUrlValue {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(CONTENT_TYPE[type]);
  const decoded = decode(response.headers['content-type'], response.body);
  let entry: Record<string, unknown>;
  switch (decoded.type) {
    case 'xml': {
      expect(decoded.root.name).toBe('shorturls');
      expect(decoded.root.children).toHaveLength(1);
      const { link, short_url, itemid, view_count } = decoded.root.children[0]!.attributes;
      entry = { link, short_url, itemid: Number(itemid), view_count: Number(view_count) };
      break;
    }
    case 'javascript':
      expect(decoded.calls).toHaveLength(1);
      entry = (decoded.calls[0]![0] as { shorturls: Record<string, unknown>[] }).shorturls[0]!;
      break;
    default: {
      const list = (decoded.value as { shorturls: Record<string, unknown>[] }).shorturls;
      expect(list).toHaveLength(1);
      const { __class: _class, ...rest } = list[0]!;
      entry = rest;
    }
  }
  expect(Object.keys(entry).sort()).toEqual(['itemid', 'link', 'short_url', 'view_count']);
  return entry as unknown as ShortUrlValue;
}

const shortUrlOf = (code: string): string => `${SHORT_URL_HOST}/${code}`;
const codeOfPut = (input: TransactWriteCommandInput): string => String(input.TransactItems![0]!.Put!.Item!.pk);

describe('creations that race: the conditional transaction decides', () => {
  /** NEW_URL created in `type` on a fresh database with `fault`: the entry answered, and the database. */
  async function createdWith(type: ResponseType, fault: Fault) {
    const database = new FakeDatabase();
    install(database, fault);
    return { database, entry: entryOf(await invoke(createTarget(type)), type) };
  }
  /** The entry of NEW_URL made by the insert `put`, with the first itemid the fake counter hands out. */
  const madeBy = (put: TransactWriteCommandInput) => ({
    link: new URL(NEW_URL).href,
    short_url: shortUrlOf(codeOfPut(put).slice('code#'.length)),
    itemid: 101,
    view_count: 0,
  });

  test('the link made meanwhile by another request ([None, ConditionalCheckFailed]): its record is answered', async () => {
    for (const type of TYPES) {
      const { code, ...winner } = { code: 'Winner1', link: new URL(NEW_URL).href, itemid: 55, view_count: 2 };
      // Just before this request's insert, the other request's insert lands.
      const { database, entry } = await createdWith(type, (point, _input, db) =>
        point === 'insert' && db.count('insert') === 1 ? db.put({ code, ...winner }) : undefined,
      );
      expect(entry).toEqual({ ...winner, short_url: shortUrlOf(code) });
      expect(database.count('insert')).toBe(1);
      // Read again after losing: the link's entry, then the winner's record.
      expect(database.points()).toEqual(['rate-limit', 'find-link', 'next-itemid', 'insert', 'find-link', 'find-code']);
      expect(database.shortUrls.size).toBe(2);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  const OTHER = { link: 'https://faults.example/other', itemid: 9, view_count: 0 };
  test('the code taken by another link ([ConditionalCheckFailed, None]): retried with a new code, same itemid', async () => {
    for (const type of TYPES) {
      // Another link already has the code this request drew.
      const { database, entry } = await createdWith(type, (point, input, db) =>
        point === 'insert' && db.count('insert') === 1
          ? db.put({ ...OTHER, code: codeOfPut(input as TransactWriteCommandInput).slice('code#'.length) })
          : undefined,
      );
      const [first, second, ...more] = database.inserts();
      expect(more).toEqual([]);
      expect(codeOfPut(second!)).not.toBe(codeOfPut(first!));
      expect(codeOfPut(second!)).toMatch(/^code#[0-9A-Za-z]{7}$/);
      expect(entry).toEqual(madeBy(second!));
      expect(database.count('next-itemid')).toBe(1);
      // The other link's record is untouched.
      expect(database.shortUrls.get(codeOfPut(first!))).toMatchObject(OTHER);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  test.each([
    ['TransactionConflict', 'None'],
    ['None', 'TransactionConflict'],
  ])('a transaction conflict ([%s, %s]) is retried after a pause', async (...reasons) => {
    for (const type of TYPES) {
      const { database, entry } = await createdWith(type, (point, _input, db) =>
        point === 'insert' && db.count('insert') <= 2 ? cancelled(...reasons) : undefined,
      );
      const inserts = database.inserts();
      expect(inserts).toHaveLength(3);
      expect(entry).toEqual(madeBy(inserts[2]!));
      expect(database.count('next-itemid')).toBe(1);
      // Each retry looks for the link first: the other request may have made it.
      expect(database.count('find-link')).toBe(3);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('a race that never resolves (always a conflict) ends, as error 500, in every type', async () => {
    const database = new FakeDatabase();
    const errors: Error[] = [];
    install(
      database,
      failingWith(['insert'], () => cancelled('TransactionConflict', 'None'), errors),
    );
    // The pauses between attempts are on jest's clock: what they add up to is measured on it, exactly.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    const started = Date.now();
    const answered = Promise.all(TYPES.map((type) => invoke(createTarget(type))));
    await jest.runAllTimersAsync();
    const responses = await answered;
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const [i, response] of responses.entries()) expectInternalError(response, TYPES[i]!, errors[0]);
    // A bounded number of attempts per request (lib/shorturls/service.ts, MAX_ATTEMPTS).
    expect(database.count('insert')).toBe(8 * TYPES.length);
    expect(database.shortUrls.size).toBe(0);
    expect(consoleError).toHaveBeenCalledTimes(TYPES.length);
    for (const [line] of consoleError.mock.calls) expect(String(line)).toContain('attempts');
  });

  test.each([
    ['an unknown reason', ['ValidationError', 'None']],
    ['no reasons at all', []],
  ])('a cancelled transaction with %s is error 500, logged', async (_what, reasons) => {
    const database = new FakeDatabase();
    const error = cancelled(...reasons);
    install(database, (point) => (point === 'insert' ? error : undefined));
    for (const type of TYPES) {
      consoleError.mockClear();
      expectInternalError(await invoke(createTarget(type)), type, error);
      expectLogged(error);
    }
  });

  // DynamoDB cancels a transaction it throttles with TransactionCanceledException and the reason
  // ThrottlingError or ProvisionedThroughputExceeded, which the SDK does not retry.
  test.each([
    ['ThrottlingError', 'None'],
    ['None', 'ProvisionedThroughputExceeded'],
  ])('a transaction cancelled for throttling ([%s, %s]) is transient: 503 with Retry-After', async (...reasons) => {
    const database = new FakeDatabase();
    const error = cancelled(...reasons);
    install(database, (point) => (point === 'insert' ? error : undefined));
    for (const type of TYPES) expectUnavailable(await invoke(createTarget(type)), type, error);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
