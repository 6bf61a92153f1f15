/**
 * Blocking hosts (docs/shorturls.md, Blocked hosts). A blocked host is kept in the `blocks` item,
 * which every function reads at most once a minute (lib/shorturls/blocklist.ts): a name blocks
 * itself and its subdomains, an address only itself, in every spelling (lib/shorturls/hosts.ts).
 * The records already made to it are disabled besides, marked with the host, and unblocking
 * re-enables those and only those.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { blockedHostOf, blockingHost } from '../../../lib/shorturls/blocklist';
import { addressKeyOf } from '../../../lib/shorturls/hosts';
import { BLOCKS, codeKey } from '../../../lib/shorturls/table';
import type { Takedown } from '../../../lib/shorturls/store';
import { records, type ShortUrlTable, TakedownRefused, updateIf } from './table';

/** The takedown of a record made to a blocked host: the block's, naming the host. */
const byBlock = (host: string, block: Takedown): Takedown => ({ ...block, reason: `${host} is blocked: ${block.reason}`, host });

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

/** The blocked hosts, with what the block list keeps of each. */
export async function blockedHosts(target: ShortUrlTable): Promise<Map<string, Takedown>> {
  const { Item } = await target.documents.send(new GetCommand({ TableName: target.table, Key: BLOCKS, ConsistentRead: true }));
  const hosts = Item?.hosts;
  // A list written by hand as no map holds no host the functions go by (lib/shorturls/dynamodb.ts).
  return new Map(
    typeof hosts === 'object' && hosts !== null && !Array.isArray(hosts) ? Object.entries(hosts as Record<string, Takedown>) : [],
  );
}

/**
 * Adds `host` to the block list (its takedown kept as given when `kept`, as an import carries a
 * block over); answers whether it was not there before.
 */
export async function listBlock(target: ShortUrlTable, host: string, takedown: Takedown, { kept = false } = {}): Promise<boolean> {
  const send = (UpdateExpression: string, values: Record<string, unknown>, ReturnValues?: 'UPDATED_OLD') =>
    target.documents.send(
      new UpdateCommand({
        TableName: target.table,
        Key: BLOCKS,
        UpdateExpression,
        ExpressionAttributeNames: UpdateExpression.includes('#host') ? { '#host': host } : undefined,
        ExpressionAttributeValues: values,
        ReturnValues,
      }),
    );
  await send('SET hosts = if_not_exists(hosts, :none)', { ':none': {} });
  const value = kept ? 'if_not_exists(hosts.#host, :takedown)' : ':takedown';
  const { Attributes } = await send(`SET hosts.#host = ${value}`, { ':takedown': takedown }, 'UPDATED_OLD');
  return Attributes === undefined;
}

/** Blocks `host`: a name and its subdomains, or an address; answers how many records made to them were disabled. */
export async function block(target: ShortUrlTable, host: string, takedown: Takedown): Promise<number> {
  await listBlock(target, host, takedown);
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
