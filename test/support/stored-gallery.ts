/** A gallery table of the file's own that tests write by hand, for values the API cannot show (docs/gallery-layout.md), and their logs. */
import { type AttributeValue, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { expectError, invokerWithEnv, TYPES, typeQuery } from './expect-error';
import type { Invoker } from './gallery-answers';
import { withKey } from './invoke';
import { bulkWrite, importRecords, ownTables } from './own-table';

/** The warning a request logs (docs/gallery-layout.md, Stored values the API cannot show). */
const UNSHOWABLE = 'stored values the API cannot show as they are';
/** One item of the warning: its key, and the fields why under what became of it. */
export type Noted = Readonly<{ key: string; refused?: string[]; degraded?: string[]; ignored?: string[] }>;

export function handWrittenGallery(prefix: string) {
  const tables = ownTables('GalleryTable');
  const warnings: unknown[][] = [];
  let table = '';
  let documents: DynamoDBDocumentClient;
  let call: Invoker;
  beforeAll(async () => {
    ({ table, documents } = await tables.create(prefix));
    // Each function's own logger (its modules are loaded afresh with the table): its warnings are kept, not printed.
    const prepare = async () => {
      const { logger } = await import('../../lib/observability/powertools');
      jest.spyOn(logger, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));
    };
    call = invokerWithEnv({ GALLERY_TABLE: table }, { prepare });
  });

  /** What `run` logged of stored values: each such warning's items. */
  async function noted<T>(run: () => Promise<T>): Promise<{ result: T; warnings: Noted[][] }> {
    warnings.length = 0;
    const result = await run();
    const mine = warnings.filter(([message]) => message === UNSHOWABLE);
    return { result, warnings: mine.map(([, fields]) => (fields as { items: Noted[] }).items) };
  }

  return {
    /** Imports the records as the importer writes them, with their counters and counts. */
    write: (photos: readonly PhotoRecord[], comments: readonly CommentRecord[] = []): Promise<void> =>
      importRecords(documents, table, { photos, comments }),
    /** Puts whole records with their counters in a few batches: before any other write, as own-table.ts's bulkWrite says. */
    writeAtOnce: (photos: readonly PhotoRecord[], comments: readonly CommentRecord[] = []): Promise<void> =>
      bulkWrite(documents, table, { photos, comments }),
    /** Puts `value` at `path` of the item `key` (`user.name`: a field of a map), or removes it when undefined. */
    async put(key: string, path: string, value: AttributeValue | undefined): Promise<void> {
      const ExpressionAttributeNames = Object.fromEntries(path.split('.').map((name, i) => [`#n${i}`, name]));
      const at = Object.keys(ExpressionAttributeNames).join('.');
      const set = value === undefined ? { UpdateExpression: `REMOVE ${at}` } : { UpdateExpression: `SET ${at} = :v` };
      const values = value === undefined ? {} : { ExpressionAttributeValues: { ':v': value } };
      const Key = { pk: { S: key } };
      await tables.client.send(new UpdateItemCommand({ TableName: table, Key, ExpressionAttributeNames, ...set, ...values }));
    },
    /** A request to the table's functions. */
    invoke: (target: string) => call(target),
    noted,
    /** Asserts `path` (all time) is 404 in every type; what those requests logged. */
    async notFound(path: string): Promise<Noted[][]> {
      const { warnings: logged } = await noted(async () => {
        for (const type of TYPES) expectError(await call(withKey(`${path}?min_submit_date=0&${typeQuery(type)}`)), type, 404, 404);
      });
      return logged;
    },
  };
}
