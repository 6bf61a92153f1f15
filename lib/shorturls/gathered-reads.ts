/**
 * Consistent reads of the short-URL table, gathered: the reads started in the same synchronous
 * run as the blocked hosts' (the caller starts both before awaiting either) go with it in one
 * request: a creation reading the list reads the link's entry with it, a lookup or a visit the
 * record, one request where it took two (a cold start pays for each). Any other read is a
 * GetItem of its own, sent as that run ends: in a microtask, not a turn of the event loop, which
 * under a local server's load held every lookup back by one (docs/performance.md).
 */
import { BatchGetCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetBatches } from '../db/client';
import { withDatabase } from '../db/failures';
import { BLOCKS } from './table';

type Item = Record<string, unknown>;

/** A read waiting for the request of its turn. */
interface WaitingRead {
  readonly key: { readonly pk: string };
  readonly resolve: (item: Item | undefined) => void;
  readonly reject: (error: unknown) => void;
}

export class GatheredReads {
  /** The reads asked for in this synchronous run. */
  private gathering: WaitingRead[] | undefined;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** An item, read consistently, with the blocked hosts' read when it is in the same run. */
  read(key: { readonly pk: string }): Promise<Item | undefined> {
    return new Promise((resolve, reject) => {
      if (this.gathering === undefined) {
        this.gathering = [];
        queueMicrotask(() => this.send());
      }
      this.gathering.push({ key, resolve, reject });
    });
  }

  /** Items read consistently in BatchGetItems of at most 100 keys each, by key; a key read nothing is absent. */
  async readAll(keys: readonly { readonly pk: string }[]): Promise<Map<string, Item>> {
    const answers = this.batchGetAll(keys.map((key) => key.pk));
    const items = await Promise.all([...answers].map(async ([pk, answer]) => [pk, await answer] as const));
    return new Map(items.filter((entry): entry is readonly [string, Item] => entry[1] !== undefined));
  }

  /**
   * One BatchGetItem (of at most 100 distinct keys: locally one process serves concurrent
   * creations, which may ask for the same link) when the blocked hosts are among the reads, else a
   * GetItem each; a key a batch leaves unprocessed is read alone.
   */
  private send(): void {
    const reads = this.gathering ?? [];
    this.gathering = undefined;
    if (reads.length === 1 || !reads.some((read) => read.key.pk === BLOCKS.pk)) {
      for (const read of reads) this.getItem(read.key).then(read.resolve, read.reject);
      return;
    }
    const answers = this.batchGetAll(reads.map((read) => read.key.pk));
    for (const read of reads) answers.get(read.key.pk)!.then(read.resolve, read.reject);
  }

  /** The answer for each of `pks`, read in BatchGetItems of at most 100 distinct keys. */
  private batchGetAll(pks: readonly string[]): Map<string, Promise<Item | undefined>> {
    const answers = new Map<string, Promise<Item | undefined>>();
    for (const batch of batchGetBatches(pks)) this.batchGet(batch, answers);
    return answers;
  }

  /** Sets the answer for each of `pks`, read in one BatchGetItem. */
  private batchGet(pks: readonly string[], answers: Map<string, Promise<Item | undefined>>): void {
    const Keys = pks.map((pk) => ({ pk }));
    const answer = withDatabase(() =>
      this.client.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys, ConsistentRead: true } } })),
    );
    for (const pk of pks)
      answers.set(
        pk,
        answer.then(({ Responses, UnprocessedKeys }) =>
          UnprocessedKeys?.[this.table]?.Keys?.some((key) => key.pk === pk)
            ? this.getItem({ pk })
            : Responses?.[this.table]?.find((item) => item.pk === pk),
        ),
      );
  }

  private getItem(key: { readonly pk: string }): Promise<Item | undefined> {
    return withDatabase(
      async () => (await this.client.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }))).Item,
    );
  }
}
