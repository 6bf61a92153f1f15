/**
 * Writes record changes (./changes.ts) in the layout of lib/gallery/layout.ts: each record
 * together with its series' counters (lib/gallery/counters.ts) and the counts it adds to, in one
 * TransactWriteItems, so that no counter ever disagrees with the records, whatever stops an
 * import. Changes are packed into transactions of up to 100 actions; several changes to the
 * same item (a day's counter, a photo's `comments`) become one action that adds them up.
 *
 * Each write is conditioned on what the plan read: a new record on there being none, a changed
 * one on its date being the one read (its counters move from there). When another import got
 * there first, the import stops with an ImportConflictError; what it wrote is whole, and running
 * it again goes on from there. Before the first transaction, the earliest-date hints are lowered
 * to the changes' dates (./earliest-hint.ts).
 */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../../../lib/iso-time';
import { counterUpdates } from '../../../lib/gallery/counters';
import { commentItem, itemKey, photoItem, seriesOf } from '../../../lib/gallery/layout';
import type { RecordChange } from './changes';
import { lowerEarliestHint } from './earliest-hint';
import { backoff, DEFAULT_RETRY, type RetryOptions } from './table';
import { isNamed, cancellationReasons } from '../../../lib/db/failures';

/** DynamoDB's limits of one transaction: 100 actions, 4 MB. */
export const MAX_ACTIONS = 100;
export const MAX_BYTES = 4_000_000;

/** What an item or record weighs against MAX_BYTES, at most: two bytes a character of its JSON. */
export const itemBytes = (value: object): number => JSON.stringify(value).length * 2;

export class ImportConflictError extends Error {
  override readonly name = 'ImportConflictError';
}

type Item = Record<string, unknown>;

/** What one transaction does to one item. */
type Action =
  | { readonly type: 'put'; readonly item: Item }
  | { readonly type: 'delete'; readonly date: number }
  | {
      readonly type: 'update';
      readonly set: Item;
      readonly add: Map<string, number>;
      readonly mustExist: boolean;
      readonly date?: { field: string; value: number };
    };

const DATE_FIELD = { photo: 'submit_date', comment: 'date' } as const;
const COUNT_FIELD = { photo: 'comments', comment: 'replies' } as const;

const itemOf = (change: RecordChange): Item | undefined =>
  change.after === undefined ? undefined : change.kind === 'photo' ? photoItem(change.after) : commentItem(change.after);

const dateOf = (change: RecordChange, record: RecordChange['before']): number =>
  change.kind === 'photo' ? (record as { submit_date: number }).submit_date : (record as { date: number }).date;

/** The actions of one change, by item key; counter moves and bumps as adds. */
function actionsOf(change: RecordChange): Array<[string, Action]> {
  const record = (change.after ?? change.before)!;
  const key = itemKey(change.kind, record.id);
  const actions: Array<[string, Action]> = [];
  const item = itemOf(change);
  const before = change.before && dateOf(change, change.before);
  const after = change.after && dateOf(change, change.after);
  if (item === undefined) actions.push([key, { type: 'delete', date: before! }]);
  else if (change.before === undefined) actions.push([key, { type: 'put', item }]);
  else {
    // The counts are the bumps' to change, never the record's.
    const { pk: _pk, [COUNT_FIELD[change.kind]]: _count, ...set } = item;
    actions.push([key, { type: 'update', set, add: new Map(), mustExist: true, date: { field: DATE_FIELD[change.kind], value: before! } }]);
  }
  const series = seriesOf(
    change.kind === 'photo'
      ? { kind: 'photo' }
      : { kind: 'comment', story: (record as { story: number }).story, replyto: (record as { replyto: number | null }).replyto },
  );
  if (before !== after) {
    for (const s of series) {
      const moves = [
        ...(before === undefined ? [] : counterUpdates(s, before, -1)),
        ...(after === undefined ? [] : counterUpdates(s, after, 1)),
      ];
      for (const move of moves)
        actions.push([move.key, { type: 'update', set: {}, add: new Map([[move.attribute, move.delta]]), mustExist: false }]);
    }
  }
  const delta = change.before === undefined ? 1 : change.after === undefined ? -1 : 0;
  for (const bump of delta === 0 ? [] : change.bumps) {
    actions.push([itemKey(bump.kind, bump.id), { type: 'update', set: {}, add: new Map([[bump.field, delta]]), mustExist: true }]);
  }
  return actions;
}

/** Two actions on one item as one, or undefined when they cannot be (then they go in two transactions). */
function combine(first: Action, then: Action): Action | undefined {
  if (then.type !== 'update' || Object.keys(then.set).length > 0) {
    // Removing an item makes the adds to it pointless: its removal is what counts.
    return first.type === 'update' && Object.keys(first.set).length === 0 && then.type === 'delete' ? then : undefined;
  }
  if (first.type === 'delete') return first;
  if (first.type === 'put') {
    const item = { ...first.item };
    for (const [name, delta] of then.add) item[name] = Number(item[name] ?? 0) + delta;
    return { type: 'put', item };
  }
  const add = new Map(first.add);
  for (const [name, delta] of then.add) add.set(name, (add.get(name) ?? 0) + delta);
  return { ...first, add, mustExist: first.mustExist || then.mustExist };
}

function transactItem(table: string, key: string, action: Action): object | undefined {
  if (action.type === 'put') return { Put: { TableName: table, Item: action.item, ConditionExpression: 'attribute_not_exists(pk)' } };
  if (action.type === 'delete') return { Delete: { TableName: table, Key: { pk: key }, ConditionExpression: 'attribute_exists(pk)' } };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const name = (attribute: string) => {
    const placeholder = `#n${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (v: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  const sets = Object.entries(action.set).map(([attribute, v]) => `${name(attribute)} = ${value(v)}`);
  const adds = [...action.add].filter(([, delta]) => delta !== 0).map(([attribute, delta]) => `${name(attribute)} ${value(delta)}`);
  if (sets.length === 0 && adds.length === 0) return undefined;
  const conditions = [
    ...(action.mustExist ? ['attribute_exists(pk)'] : []),
    ...(action.date ? [`${name(action.date.field)} = ${value(action.date.value)}`] : []),
  ];
  return {
    Update: {
      TableName: table,
      Key: { pk: key },
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
        .filter(Boolean)
        .join(' '),
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export interface WriteOptions {
  readonly retry?: RetryOptions;
  /** Told how many more records are written, as they are. */
  readonly onWritten?: (count: number) => void;
}

/** Writes the changes in order, in as few transactions as fit. */
export async function writeChanges(
  client: DynamoDBDocumentClient,
  table: string,
  changes: readonly RecordChange[],
  options: WriteOptions = {},
): Promise<void> {
  // Before any member lands, its kind's earliest-date hint is at or below it.
  for (const kind of ['photo', 'comment'] as const) {
    const dates = changes.flatMap((c) => (c.kind === kind && c.after !== undefined ? [dateOf(c, c.after)] : []));
    if (dates.length > 0)
      await lowerEarliestHint(
        client,
        table,
        kind,
        dates.reduce((a, b) => Math.min(a, b)),
      );
  }
  let pending = new Map<string, Action>();
  let records = 0;
  let bytes = 0;
  const flush = async () => {
    if (pending.size === 0) return;
    const items = [...pending].flatMap(([key, action]) => transactItem(table, key, action) ?? []);
    if (items.length > 0) await transact(client, items, options.retry ?? DEFAULT_RETRY);
    options.onWritten?.(records);
    pending = new Map();
    records = 0;
    bytes = 0;
  };
  for (const change of changes) {
    const actions = actionsOf(change);
    const size = itemBytes((change.after ?? change.before)!);
    let merged = tryMerge(pending, actions);
    if (merged === undefined || merged.size > MAX_ACTIONS || bytes + size > MAX_BYTES) {
      await flush();
      merged = tryMerge(pending, actions)!;
    }
    pending = merged;
    records += 1;
    bytes += size;
  }
  await flush();
}

/** The pending actions with a change's added, or undefined when some pair cannot combine. */
function tryMerge(pending: Map<string, Action>, actions: ReadonlyArray<[string, Action]>): Map<string, Action> | undefined {
  const merged = new Map(pending);
  for (const [key, action] of actions) {
    const existing = merged.get(key);
    const next = existing === undefined ? action : combine(existing, action);
    if (next === undefined) return undefined;
    merged.set(key, next);
  }
  return merged;
}

/** One transaction, sent again while DynamoDB cancels it for a conflict or throttling. */
export async function transact(client: DynamoDBDocumentClient, items: object[], retry: RetryOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items as never }));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons.includes('ConditionalCheckFailed')) {
        throw new ImportConflictError(
          'the table changed while this import ran (another import of the same records?): nothing of the last transaction was written; run the import again to go on',
        );
      }
      const again =
        isNamed(error, 'TransactionConflictException') || reasons.some((r) => r === 'TransactionConflict' || r === 'ThrottlingError');
      if (!again || attempt >= retry.attempts) throw error;
      await pause(backoff(retry, attempt));
    }
  }
}
