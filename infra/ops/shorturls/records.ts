/**
 * One line of a short-link import (docs/shorturls.md, Import): what it holds, the checks every
 * format makes of it (a link as `/url/short/create` checks one, a code as the short-link host
 * takes one, each number within what the service carries), and the export's lines. A line that
 * fails a check is refused with its reason, and nothing of it is written. The formats:
 * ./ndjson-records.ts and ./csv-records.ts.
 */
import { LAST_EPOCH_SECOND } from '../../../lib/iso-time';
import { isCode } from '../../../lib/shorturls/code';
import { isWholeIn } from '../../../lib/db/client';
import { ITEMID_MAX, VIEW_COUNT_MAX } from '../../../lib/shorturls/table';
import { normaliseLink } from '../../../lib/shorturls/link';
import type { ShortLinkHost } from '../../../lib/shorturls/hosts';
import type { Takedown } from '../../../lib/shorturls/store';

/** A short link as the import writes it: the link normalised, the counts as given. */
export interface ImportedLink {
  readonly code: string;
  readonly link: string;
  /** As given; kept when no other record holds it (./importer.ts). */
  readonly itemid?: number;
  readonly view_count: number;
  /** Epoch seconds. */
  readonly created?: number;
  readonly disabled?: Takedown;
}

/** A blocked host as the import adds it, with its block's reason, time and author. */
export interface ImportedBlock {
  readonly host: string;
  readonly takedown: Takedown;
}

/** A line refused, and why (never the line's text: it may be anything). */
export class RefusedLine extends Error {
  override readonly name = 'RefusedLine';
}

export const refuse = (reason: string): never => {
  throw new RefusedLine(reason);
};

/** The longest reason, or name of who took a link down, a line or an operator's command gives. */
export const REASON_MAX = 2_000;
/**
 * Each number a line may give, and its range: an itemid the service can hold exactly, views a
 * visit can still add one to exactly (15 digits), and seconds ISO 8601's four-digit years write.
 */
const NUMBERS = {
  itemid: { what: 'a whole number', least: 1, most: ITEMID_MAX },
  view_count: { what: 'a whole number', least: 0, most: VIEW_COUNT_MAX },
  created: { what: 'epoch seconds, a whole number', least: 0, most: LAST_EPOCH_SECOND },
  'disabled.at': { what: 'epoch seconds, a whole number', least: 0, most: LAST_EPOCH_SECOND },
} as const;

/** `value` when it is a whole number in the field's range; else the line is refused, naming the field and its range. */
export function checkedNumber(field: keyof typeof NUMBERS, value: unknown): number {
  const { what, least, most } = NUMBERS[field];
  if (!isWholeIn(value, least, most)) refuse(`"${field}" must be ${what} from ${least} to ${most}`);
  return value as number;
}

/** A cell of digits as the number it writes (one too long to be exact is past every range). */
export const digitsIn = (text: string): number => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

export function checkedCode(value: unknown): string {
  if (typeof value !== 'string' || !isCode(value)) refuse('"code" must be 1 to 64 of the letters A-Z and a-z, the digits, "_" and "-"');
  return value as string;
}

export function checkedLink(value: unknown, shortHost: ShortLinkHost): string {
  if (typeof value !== 'string') refuse('"link" must be text');
  try {
    return normaliseLink(value as string, shortHost);
  } catch {
    return refuse(
      '"link" is refused as /url/short/create refuses it (error 1016): an absolute http or https URL of at most 2 048 characters, without credentials, not leading to the short-link host',
    );
  }
}

/** A blocked host as the export writes it: a line of NDJSON in the import's format. */
export const exportBlockLine = (host: string, { reason, at, by }: Takedown): string => JSON.stringify({ block: host, reason, at, by });

/** A link as the export writes it: a line of NDJSON in the import's format. */
export const exportLine = (link: ImportedLink): string =>
  JSON.stringify({
    code: link.code,
    link: link.link,
    ...(link.itemid === undefined ? {} : { itemid: link.itemid }),
    view_count: link.view_count,
    ...(link.created === undefined ? {} : { created: link.created }),
    ...(link.disabled === undefined ? {} : { disabled: link.disabled }),
  });
