/**
 * The table of the tests of what short URL creations, lookups and visits read (docs/api.md, Short URLs:
 * Rate limit): a table of the test file's own with one known link in it, and a container's services on
 * the file's clock. After each test, a host it blocked is unblocked and its spies restored.
 */
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Blocklist } from '../../lib/shorturls/blocklist';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { ShortUrlService } from '../../lib/shorturls/service';
import { ownTables } from './own-table';
import { SHORT_URL_HOST } from './short-url-host';

// docs/api.md, Rate limit: a function reads the blocked hosts on its first creation, then once a minute.
export const A_MINUTE_MS = 60_000;

export const KNOWN = 'https://reads.test/known';
export const ADMITTED = async () => ({ release: async () => undefined });

/** The table's store, document client and name: set before the file's first test (live bindings). */
export let store: DynamoShortUrlStore;
export let table: string;
export let documents: DynamoDBDocumentClient;

/** Makes the table before the file's tests, KNOWN created in it; services and block lists on `clock`, which the tests move. */
export function knownLinkTable(clock: () => number) {
  const tables = ownTables('ShortUrlsTable');
  /** A container's blocklist on `from`: due at once, read again a minute later. */
  const blocklistOf = (from: DynamoShortUrlStore) => new Blocklist(() => from.blockedHosts(), clock);
  const newService = () => new ShortUrlService(store, { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() }, blocklistOf(store));

  // A test that blocks a host unblocks it after.
  afterEach(() => documents.send(new DeleteCommand({ TableName: table, Key: { pk: 'blocks' } })));
  afterEach(() => jest.restoreAllMocks());

  beforeAll(async () => {
    const own = await tables.create('create-reads');
    documents = own.documents;
    table = own.table;
    store = new DynamoShortUrlStore(documents, table);
    await newService().create(KNOWN, ADMITTED);
  });
  return { blocklistOf, newService };
}
