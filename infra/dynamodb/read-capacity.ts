/**
 * Read capacity of what a document client sends: each command kept with its answer, and the
 * units AWS's rules give from the sizes of what was read, where DynamoDB Local's need not be AWS's.
 */
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** One command a client sent: the document client's input and output. */
export interface Sent {
  /** QueryCommand, BatchGetItemCommand, … */
  readonly command: string;
  readonly input: Record<string, any>;
  readonly output: Record<string, any>;
}

/** Read capacity units by where they were spent: TABLE, or an index's name. */
type Units = Map<string, number>;
export const TABLE = 'table';

const MIDDLEWARE = 'benchReadCapacity';

/** Every command `client` sends from now on asks for its capacity and lands in `sent`, until the returned function is called. */
export function recordCapacity(client: DynamoDBDocumentClient, sent: Sent[]): () => void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, any>;
      const result = await next({ ...args, input: { ...input, ReturnConsumedCapacity: 'INDEXES' } });
      sent.push({ command: context.commandName ?? 'unknown', input, output: result.output as Record<string, any> });
      return result;
    },
    { step: 'initialize', name: MIDDLEWARE, override: true },
  );
  return () => void client.middlewareStack.remove(MIDDLEWARE);
}

const add = (units: Units, where: string, value: number | undefined) => {
  if (value) units.set(where, (units.get(where) ?? 0) + value);
};

export const sum = (units: Units): number => [...units.values()].reduce((a, b) => a + b, 0);

/** A number's size as DynamoDB counts it: a byte per two significant digits, and one more. */
function numberBytes(value: number): number {
  const digits = Math.abs(value).toExponential().split('e')[0]!.replace('.', '').replace(/0+$/, '').length;
  return Math.ceil(Math.max(1, digits) / 2) + 1;
}

/** A value's size as DynamoDB counts it. */
function valueBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return numberBytes(value);
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  // Lists and maps: 3 bytes, and 1 per element beside the element itself (and a map element's name).
  if (Array.isArray(value)) return value.reduce((total: number, element) => total + 1 + valueBytes(element), 3);
  if (typeof value === 'object' && value !== null && !(value instanceof Set))
    return 3 + itemBytes(value as Record<string, unknown>) + Object.keys(value).length;
  throw new Error(`the bench does not size ${Object.prototype.toString.call(value)} attributes`);
}

/** An item's (or index entry's) size as DynamoDB counts it: its attributes' names and values. */
const itemBytes = (item: Record<string, unknown>): number =>
  Object.entries(item).reduce((total, [name, value]) => total + Buffer.byteLength(name, 'utf8') + valueBytes(value), 0);

const UNIT_BYTES = 4096;
const readUnits = (bytes: number, consistent: boolean | undefined) => Math.ceil(bytes / UNIT_BYTES) * (consistent ? 1 : 0.5);

/**
 * What AWS's rules charge for one command (4 KB units, per Query and per BatchGetItem item, half when eventually consistent). A Query is
 * charged for every entry it evaluated, whole: it is sent again on `client` (which must not record) without its projection or Select.
 */
export async function computedUnits(sent: Sent, client: DynamoDBDocumentClient): Promise<Units> {
  const units: Units = new Map();
  if (sent.command === 'QueryCommand') {
    const { Select: _select, ProjectionExpression: _projection, ExpressionAttributeNames: names, ...query } = sent.input;
    if (query.FilterExpression !== undefined) throw new Error('the bench does not size a Query with a filter');
    const used = Object.entries((names ?? {}) as Record<string, string>).filter(([placeholder]) =>
      String(query.KeyConditionExpression).includes(placeholder),
    );
    const again = await client.send(
      new QueryCommand({ ...(query as QueryCommandInput), ...(used.length ? { ExpressionAttributeNames: Object.fromEntries(used) } : {}) }),
    );
    if (again.Count !== sent.output.ScannedCount)
      throw new Error(`a Query evaluated ${sent.output.ScannedCount} entries, but ${again.Count} when sent again`);
    const bytes = (again.Items ?? []).reduce((total, item) => total + itemBytes(item), 0);
    add(units, (query.IndexName as string | undefined) ?? TABLE, readUnits(bytes, query.ConsistentRead));
  } else if (sent.command === 'BatchGetItemCommand') {
    for (const [table, items] of Object.entries((sent.output.Responses ?? {}) as Record<string, Record<string, unknown>[]>)) {
      const request = sent.input.RequestItems[table];
      if (request.ProjectionExpression !== undefined) throw new Error('the bench does not size a BatchGetItem with a projection');
      for (const item of items) add(units, TABLE, readUnits(itemBytes(item), request.ConsistentRead));
    }
  } else {
    throw new Error(`the bench does not size the read capacity of ${sent.command}`);
  }
  return units;
}
