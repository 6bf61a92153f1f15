/**
 * A line of NDJSON (docs/shorturls.md, Import): one object, as the export writes it, a link or a
 * blocked host, checked as ./records.ts checks every line.
 */
import type { ShortLinkHost } from '../../../lib/shorturls/hosts';
import type { Takedown } from '../../../lib/shorturls/store';
import { isCode } from '../../../lib/shorturls/code';
import { hostOf } from './blocks';
import { checkedCode, checkedLink, checkedNumber, type ImportedBlock, type ImportedLink, REASON_MAX, refuse } from './records';

const NDJSON_FIELDS = new Set(['code', 'link', 'itemid', 'view_count', 'created', 'disabled']);
/** The longest host name (RFC 1035), and so the longest host a takedown names. */
const HOST_MAX = 253;

/** Why, when and by whom, as the export writes a takedown; `marks`: the fields that say what else it came with. */
function checkedTakedown(value: unknown, marks: readonly ('host' | 'sameAs')[] = ['host', 'sameAs']): Takedown {
  const { reason, at, by, host, sameAs, ...rest } = (value ?? {}) as Record<string, unknown>;
  const valid =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(rest).length === 0 &&
    typeof reason === 'string' &&
    reason.length <= REASON_MAX &&
    typeof at === 'number' &&
    typeof by === 'string' &&
    by.length <= REASON_MAX &&
    (host === undefined || (marks.includes('host') && typeof host === 'string' && host.length <= HOST_MAX)) &&
    (sameAs === undefined || (marks.includes('sameAs') && typeof sameAs === 'string' && isCode(sameAs)));
  if (!valid)
    refuse(
      `"disabled" must be {"reason": text, "at": epoch seconds, "by": text}, as the export writes it (texts of at most ${REASON_MAX} characters)`,
    );
  return {
    reason: reason as string,
    at: checkedNumber('disabled.at', at),
    by: by as string,
    ...(host === undefined ? {} : { host: host as string }),
    ...(sameAs === undefined ? {} : { sameAs: sameAs as string }),
  };
}

/** A blocked host as the export writes it: `{"block": host, "reason", "at", "by"}`. */
function blockLine(fields: Record<string, unknown>): ImportedBlock {
  const { block, ...takedown } = fields;
  let host: string | undefined;
  try {
    host = typeof block === 'string' ? hostOf(block) : undefined;
  } catch {
    host = undefined;
  }
  if (host === undefined) refuse('"block" must be a host name or an address, as `block` takes it');
  return { host: host!, takedown: checkedTakedown(takedown, []) };
}

/** A line of NDJSON: one object, as the export writes it: a link, or a blocked host. */
export function ndjsonLink(text: string, shortHost: ShortLinkHost): ImportedLink | ImportedBlock {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse('not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('not a JSON object');
  const fields = value as Record<string, unknown>;
  if ('block' in fields) return blockLine(fields);
  const unknown = Object.keys(fields).find((name) => !NDJSON_FIELDS.has(name));
  if (unknown !== undefined) refuse(/^[A-Za-z0-9_]{1,32}$/.test(unknown) ? `unknown field "${unknown}"` : 'an unknown field');
  const { itemid, view_count = 0, created, disabled } = fields;
  return {
    code: checkedCode(fields.code),
    link: checkedLink(fields.link, shortHost),
    ...(itemid === undefined ? {} : { itemid: checkedNumber('itemid', itemid) }),
    view_count: checkedNumber('view_count', view_count),
    ...(created === undefined ? {} : { created: checkedNumber('created', created) }),
    ...(disabled === undefined ? {} : { disabled: checkedTakedown(disabled) }),
  };
}
