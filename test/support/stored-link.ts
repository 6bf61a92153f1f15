/** The record DynamoDB holds for a normalised link (its entry, then the record), read as the service reads it. */
import type { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { linkKey } from '../../lib/shorturls/link';
import type { ShortUrlRecord } from '../../lib/shorturls/store';

export async function storedRecordOf(store: DynamoShortUrlStore, link: string): Promise<ShortUrlRecord | undefined> {
  const code = (await store.linkEntry(linkKey(link)))?.code;
  return code === undefined ? undefined : store.findByCode(code);
}
