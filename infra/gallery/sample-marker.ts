/**
 * What became of the sample load into a gallery table, kept beside the table's entry in
 * `local-tools-made-tables` (../dynamodb/made-tables.ts), never in the gallery itself: `loading`,
 * written before the first item with what the sample is made of (so that it can be made again
 * exactly) and again as the items are written (how many), and `complete`, written after the last. A table made again (`npm run seed`) gets a
 * new entry, without a marker. Written only while the entry's creation time is the table's, so a
 * marker never outlives its table.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MADE_TABLES, NotMadeByLocalToolsError } from '../dynamodb/made-tables';

/** What the sample is made of: generateGallery's options (./generator.ts). */
export interface SampleSpec {
  readonly now: number;
  readonly seed: number;
  readonly photos: number;
}

export interface SampleMarker extends SampleSpec {
  readonly state: 'loading' | 'complete';
  /** The process that wrote it. */
  readonly pid: number;
  /** While loading: how many of the sample's items, in their order, are written for sure. */
  readonly written?: number;
}

export interface MarkerTable {
  readonly client: DynamoDBClient;
  readonly documents: DynamoDBDocumentClient;
  readonly table: string;
}

const absent = (error: unknown): boolean => (error as Error).name === 'ResourceNotFoundException';

/** The table's creation time; undefined when there is no such table. */
async function creationTime({ client, table }: MarkerTable): Promise<number | undefined> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    return Table!.CreationDateTime!.getTime();
  } catch (error) {
    if (absent(error)) return undefined;
    throw error;
  }
}

/**
 * Whether the local tools made the table (its entry has the table's creation time), and its
 * marker: undefined when no load has begun, or the table is not theirs.
 */
export async function readSampleMarker(target: MarkerTable): Promise<{ made: boolean; marker?: SampleMarker }> {
  const created = await creationTime(target);
  if (created === undefined) return { made: false };
  const { Item } = await target.documents
    .send(new GetCommand({ TableName: MADE_TABLES, Key: { table: target.table }, ConsistentRead: true }))
    .catch((error) => {
      if (absent(error)) return { Item: undefined };
      throw error;
    });
  if (Item?.created !== created) return { made: false };
  return { made: true, marker: Item.sample as SampleMarker | undefined };
}

/** Sets the table's marker; NotMadeByLocalToolsError when the local tools' entry is not this table's. */
export async function writeSampleMarker(target: MarkerTable, marker: SampleMarker): Promise<void> {
  try {
    await target.documents.send(
      new UpdateCommand({
        TableName: MADE_TABLES,
        Key: { table: target.table },
        // `sample` is one of DynamoDB's reserved words.
        UpdateExpression: 'SET #sample = :marker',
        ConditionExpression: 'created = :created',
        ExpressionAttributeNames: { '#sample': 'sample' },
        ExpressionAttributeValues: { ':marker': marker, ':created': await creationTime(target) },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException' || absent(error)) throw new NotMadeByLocalToolsError(target.table);
    throw error;
  }
}
