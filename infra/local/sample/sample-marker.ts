/**
 * What became of the sample load into a gallery table, kept beside the table's entry in
 * `local-tools-made-tables` (../dynamodb/made-tables.ts), never in the gallery itself: `loading`,
 * written before the first item with what the sample is made of (so that it can be made again
 * exactly) and again as the items are written (how many), and `complete`, written after the
 * last. A table made again (`npm run seed`) gets a new entry, without a marker. Written only while the entry's creation time is the table's, so a
 * marker never outlives its table.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listingOf, MADE_TABLES, NotMadeByLocalToolsError } from '../../dynamodb/made-tables';
import { conditionFailed, isNamed } from '../../../lib/db/failures';

/** What the sample is made of: generateGallery's options (./generator.ts). */
export interface SampleSpec {
  readonly now: number;
  readonly seed: number;
  readonly photos: number;
  readonly days: number;
}

/** The days of a marker written before markers kept them: every sample then spread over 120. */
const DAYS_BEFORE_MARKERS_KEPT_THEM = 120;

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

/**
 * Whether the local tools made the table (its entry has the table's creation time), and its
 * marker: undefined when no load has begun, or the table is not theirs.
 */
export async function readSampleMarker(target: MarkerTable): Promise<{ made: boolean; marker?: SampleMarker }> {
  const { origin, entry } = await listingOf(target.client, target.table);
  if (origin !== 'local tools') return { made: false };
  const marker = entry?.sample as (Omit<SampleMarker, 'days'> & { days?: number }) | undefined;
  return { made: true, marker: marker && { ...marker, days: marker.days ?? DAYS_BEFORE_MARKERS_KEPT_THEM } };
}

/** Sets the table's marker; NotMadeByLocalToolsError when the local tools' entry is not this table's. */
export async function writeSampleMarker(target: MarkerTable, marker: SampleMarker): Promise<void> {
  const { origin, created } = await listingOf(target.client, target.table);
  if (origin !== 'local tools') throw new NotMadeByLocalToolsError(target.table);
  try {
    await target.documents.send(
      new UpdateCommand({
        TableName: MADE_TABLES,
        Key: { table: target.table },
        // `sample` is one of DynamoDB's reserved words.
        UpdateExpression: 'SET #sample = :marker',
        ConditionExpression: 'created = :created',
        ExpressionAttributeNames: { '#sample': 'sample' },
        ExpressionAttributeValues: { ':marker': marker, ':created': created },
      }),
    );
  } catch (error) {
    // The table made again meanwhile, or deleted.
    if (conditionFailed(error) || isNamed(error, 'ResourceNotFoundException')) throw new NotMadeByLocalToolsError(target.table);
    throw error;
  }
}
