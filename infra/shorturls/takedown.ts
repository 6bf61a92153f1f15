/**
 * Taking short links down (docs/shorturls.md, Takedown and Blocked hosts). A disabled record
 * keeps its link and counts but answers 410 on the short-link host and 404 on lookup, and its
 * link cannot be shortened again. A blocked host is kept in the `blocks` item, which every
 * function reads at most once a minute (lib/shorturls/blocklist.ts); the records already made to
 * it, or to a subdomain, are disabled besides, marked with the host, so that they count no view
 * wherever they are followed, and unblocking re-enables those and only those.
 */
import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from '../../lib/db/failures';
import { blockedHostOf, blockingHost } from '../../lib/shorturls/blocklist';
import { addressKeyOf } from '../../lib/shorturls/host-key';
import { BLOCKS, codeKey, recordOf } from '../../lib/shorturls/layout';
import type { ShortUrlRecord, Takedown } from '../../lib/shorturls/store';
import { scanAll } from '../dynamodb/short-url-audit';
import type { ShortUrlTable } from './importer';

/** An operator's command could not do what it was asked (no such code, a host name that is none). */
export class TakedownRefused extends Error {
  override readonly name = 'TakedownRefused';
}

/** The takedown of a record made to a blocked host: the block's, naming the host. */
const byBlock = (host: string, block: Takedown): Takedown => ({ ...block, reason: `${host} is blocked: ${block.reason}`, host });

/**
 * One conditional update of the short-URL table: true when it was made; when its condition
 * fails, false, or TakedownRefused with `refusal` when the command cannot do without it.
 */
async function updateIf(target: ShortUrlTable, input: Omit<UpdateCommandInput, 'TableName'>, refusal?: string): Promise<boolean> {
  try {
    await target.documents.send(new UpdateCommand({ TableName: target.table, ...input }));
    return true;
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    if (refusal !== undefined) throw new TakedownRefused(refusal);
    return false;
  }
}

export async function disable(target: ShortUrlTable, code: string, takedown: Takedown): Promise<void> {
  await updateIf(
    target,
    {
      Key: codeKey(code),
      UpdateExpression: 'SET disabled = :takedown',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':takedown': takedown },
    },
    `no short link has the code ${code}`,
  );
}

export async function enable(target: ShortUrlTable, code: string): Promise<void> {
  await updateIf(
    target,
    { Key: codeKey(code), UpdateExpression: 'REMOVE disabled', ConditionExpression: 'attribute_exists(disabled)' },
    `no short link with the code ${code} is disabled`,
  );
}

/**
 * A host as the command line gives it (a name, IPv4 in any notation, IPv6 bare or bracketed), as
 * the block list keeps it; TakedownRefused when it is none.
 */
export function hostOf(text: string): string {
  // IPv6 (a colon) is read as an address, bare or bracketed; the rest as a URL's host, which reads IPv4's notations.
  const ipv6 = text.includes(':') ? addressKeyOf(text) : undefined;
  if (ipv6 !== undefined) return ipv6;
  let hostname: string | undefined;
  try {
    hostname = new URL(`http://${text}/`).hostname;
  } catch {
    hostname = undefined;
  }
  if (hostname === undefined || hostname === '' || /[/:@?#[\]]/.test(text))
    throw new TakedownRefused('give a host name or an address, such as example.org or 2001:db8::1');
  return blockedHostOf(hostname);
}

const records = async (target: ShortUrlTable): Promise<ShortUrlRecord[]> =>
  (await scanAll(target.documents, target.table)).filter((item) => String(item.pk).startsWith('code#')).map((item) => recordOf(item)!);

/** The blocked hosts, with what the block list keeps of each. */
export async function blockedHosts(target: ShortUrlTable): Promise<Map<string, Takedown>> {
  const { Item } = await target.documents.send(new GetCommand({ TableName: target.table, Key: BLOCKS, ConsistentRead: true }));
  return new Map(Object.entries((Item?.hosts ?? {}) as Record<string, Takedown>));
}

/** Blocks `host` and its subdomains; answers how many records made to them were disabled. */
export async function block(target: ShortUrlTable, host: string, takedown: Takedown): Promise<number> {
  const send = (UpdateExpression: string, values: Record<string, unknown>) =>
    target.documents.send(
      new UpdateCommand({
        TableName: target.table,
        Key: BLOCKS,
        UpdateExpression,
        ExpressionAttributeNames: UpdateExpression.includes('#host') ? { '#host': host } : undefined,
        ExpressionAttributeValues: values,
      }),
    );
  await send('SET hosts = if_not_exists(hosts, :none)', { ':none': {} });
  await send('SET hosts.#host = :takedown', { ':takedown': takedown });
  let disabled = 0;
  for (const record of await records(target)) {
    if (record.disabled !== undefined || blockingHost(new URL(record.link).hostname, new Set([host])) === undefined) continue;
    const made = await updateIf(target, {
      Key: codeKey(record.code),
      UpdateExpression: 'SET disabled = :takedown',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabled)',
      ExpressionAttributeValues: { ':takedown': byBlock(host, takedown) },
    });
    if (made) disabled++;
  }
  return disabled;
}

/** Unblocks `host`; the records its block disabled are enabled again, unless another blocked host still covers them. Answers how many were. */
export async function unblock(target: ShortUrlTable, host: string): Promise<number> {
  await updateIf(
    target,
    {
      Key: BLOCKS,
      UpdateExpression: 'REMOVE hosts.#host',
      ConditionExpression: 'attribute_exists(hosts.#host)',
      ExpressionAttributeNames: { '#host': host },
    },
    `${host} is not blocked`,
  );
  const still = await blockedHosts(target);
  let enabled = 0;
  for (const record of await records(target)) {
    if (record.disabled?.host !== host) continue;
    const other = blockingHost(new URL(record.link).hostname, new Set(still.keys()));
    const values: Record<string, unknown> = { ':host': host };
    if (other !== undefined) values[':takedown'] = byBlock(other, still.get(other)!);
    const made = await updateIf(target, {
      Key: codeKey(record.code),
      // Another blocked host still covers it: disabled, now by that one.
      UpdateExpression: other === undefined ? 'REMOVE disabled' : 'SET disabled = :takedown',
      ConditionExpression: 'disabled.#host = :host',
      ExpressionAttributeNames: { '#host': 'host' },
      ExpressionAttributeValues: values,
    });
    if (made && other === undefined) enabled++;
  }
  return enabled;
}
