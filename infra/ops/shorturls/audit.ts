/**
 * The operator's actions on short links (docs/shorturls.md, Audit): every import, disable,
 * enable, block and unblock is kept in the short-URL table as an `audit#<time>#<id>` item, with
 * its time, its reason and who did it (the AWS caller's identity; on this machine's DynamoDB
 * Local, the user name). `npm run shorturls -- audit` lists them, oldest first: a Scan, as the
 * other operator commands make; no request path reads them.
 */
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { ShortUrlTable } from './table';

export type Action = 'import' | 'disable' | 'enable' | 'block' | 'unblock';

export interface AuditEntry {
  readonly action: Action;
  /** What it acted on: the file, the code, the host. */
  readonly target: string;
  readonly reason?: string;
  /** What came of it, in a few words. */
  readonly outcome: string;
  readonly who: string;
  /** Epoch seconds. */
  readonly at: number;
}

/** Who runs the command: the AWS caller's ARN, or locally the user name. */
export async function whoIsActing(local: boolean): Promise<string> {
  if (local) {
    try {
      return `${userInfo().username} (local)`;
    } catch {
      return 'unknown (local)';
    }
  }
  const sts = new STSClient({});
  try {
    return (await sts.send(new GetCallerIdentityCommand({}))).Arn ?? 'unknown';
  } finally {
    sts.destroy();
  }
}

/** Keeps an action; its key orders it by when it was kept, to the millisecond. */
export async function recordAction({ documents, table }: ShortUrlTable, entry: AuditEntry): Promise<void> {
  const key = `audit#${new Date().toISOString()}#${randomUUID()}`;
  await documents.send(new PutCommand({ TableName: table, Item: { pk: key, ...entry } }));
}

export async function auditEntries({ documents, table }: ShortUrlTable): Promise<AuditEntry[]> {
  const entries: Array<{ key: string; entry: AuditEntry }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: 'begins_with(pk, :audit)',
        ExpressionAttributeValues: { ':audit': 'audit#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const { pk, ...entry } of page.Items ?? []) entries.push({ key: String(pk), entry: entry as AuditEntry });
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return entries.sort((a, b) => a.key.localeCompare(b.key)).map(({ entry }) => entry);
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A field as a line shows it: what an operator typed is kept as given, and shown so that it can
 * end no field or line, nor turn the text around: a backslash, controls, line and paragraph
 * separators, format characters (bidirectional overrides among them) and lone surrogates escaped.
 */
export const escapedField = (text: string): string =>
  text.replace(
    /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu,
    (char) => NAMED_ESCAPES[char] ?? `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );

/** The time an entry gives, as a line shows it: one out of a Date's range (a table written by hand) shows as it is. */
const timeOf = (at: unknown): string => {
  const date = new Date(Number(at) * 1000);
  return Number.isNaN(date.getTime()) ? escapedField(String(at)) : date.toISOString();
};

/** An entry in a line, its fields tab-separated and escaped: time, who, action, target, reason and outcome. */
export const auditLine = (entry: AuditEntry): string =>
  [
    timeOf(entry.at),
    ...[entry.who, entry.action, entry.target, entry.reason ?? '-', entry.outcome].map((field) => escapedField(String(field))),
  ].join('\t');
