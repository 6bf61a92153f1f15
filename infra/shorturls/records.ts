/**
 * One line of a short-link import (docs/shorturls.md): NDJSON, in the export's own format, or a
 * CSV row under a header whose columns are named as common shorteners export them. Each line is
 * checked as `/url/short/create` checks a link, and its code as the short-link host takes one;
 * a line that fails a check is refused with its reason, and nothing of it is written.
 */
import { LAST_EPOCH_SECOND, momentOf } from '../../lib/iso-time';
import { isCode } from '../../lib/shorturls/code';
import { ITEMID_MAX, VIEW_COUNT_MAX } from '../../lib/shorturls/layout';
import { normaliseLink } from '../../lib/shorturls/link';
import type { ShortLinkHost } from '../../lib/shorturls/short-host';
import type { Takedown } from '../../lib/shorturls/store';
import { hostOf } from './blocks';

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

const refuse = (reason: string): never => {
  throw new RefusedLine(reason);
};

/** The names a column of a CSV export goes by, by the field it fills (compared without case or surrounding space). */
export const CSV_COLUMNS = {
  code: ['code', 'short code', 'keyword', 'slug'],
  link: ['link', 'url', 'long url', 'original url'],
  view_count: ['view_count', 'clicks', 'visits'],
  created: ['created', 'date', 'timestamp'],
  itemid: ['itemid'],
} as const;
export type CsvField = keyof typeof CSV_COLUMNS;

const NDJSON_FIELDS = new Set(['code', 'link', 'itemid', 'view_count', 'created', 'disabled']);
/** The longest reason, or name of who took a link down, a line or an operator's command gives. */
export const REASON_MAX = 2_000;
/** The longest host name (RFC 1035), and so the longest host a takedown names. */
const HOST_MAX = 253;

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
function checkedNumber(field: keyof typeof NUMBERS, value: unknown): number {
  const { what, least, most } = NUMBERS[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < least || value > most)
    refuse(`"${field}" must be ${what} from ${least} to ${most}`);
  return value as number;
}

/** A cell of digits as the number it writes (one too long to be exact is past every range). */
const digitsIn = (text: string): number => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

function checkedCode(value: unknown): string {
  if (typeof value !== 'string' || !isCode(value)) refuse('"code" must be 1 to 64 of the letters A-Z and a-z, the digits, "_" and "-"');
  return value as string;
}

function checkedLink(value: unknown, shortHost: ShortLinkHost): string {
  if (typeof value !== 'string') refuse('"link" must be text');
  try {
    return normaliseLink(value as string, shortHost);
  } catch {
    return refuse(
      '"link" is refused as /url/short/create refuses it (error 1016): an absolute http or https URL of at most 2 048 characters, without credentials, not leading to the short-link host',
    );
  }
}

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

/** Which column holds each field a CSV header names; throws when it names no code or no link column. */
export function csvColumns(header: readonly string[]): Partial<Record<CsvField, number>> {
  const columns: Partial<Record<CsvField, number>> = {};
  header.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    for (const [field, names] of Object.entries(CSV_COLUMNS) as Array<[CsvField, readonly string[]]>)
      if (names.includes(key) && columns[field] === undefined) columns[field] = index;
  });
  if (columns.code === undefined || columns.link === undefined)
    throw new Error(
      `the CSV header names no ${columns.code === undefined ? 'code' : 'link'} column: a code is one of ${CSV_COLUMNS.code.join(', ')}; a link one of ${CSV_COLUMNS.link.join(', ')}`,
    );
  return columns;
}

/** A date cell: epoch seconds, or an ISO 8601 date (and time) as shorteners export it, to the second. */
function createdCell(text: string): number {
  const seconds = /^\d+$/.test(text) ? Number(text) : Math.floor((momentOf(text, 'exported')?.at ?? Number.NaN) / 1000);
  if (!(seconds >= 0 && seconds <= LAST_EPOCH_SECOND))
    refuse(
      `"created" must be epoch seconds from 0 to ${LAST_EPOCH_SECOND}, or an ISO 8601 date (and time) from 1970-01-01 to 9999-12-31T23:59:59Z`,
    );
  return seconds;
}

/** A CSV row under a header read by csvColumns. */
export function csvLink(row: readonly string[], columns: Partial<Record<CsvField, number>>, shortHost: ShortLinkHost): ImportedLink {
  const cell = (field: CsvField): string | undefined => {
    const index = columns[field];
    const text = index === undefined ? undefined : row[index]?.trim();
    return text === '' ? undefined : text;
  };
  const views = cell('view_count');
  const itemid = cell('itemid');
  const created = cell('created');
  return {
    code: checkedCode(cell('code') ?? ''),
    link: checkedLink(cell('link') ?? '', shortHost),
    ...(itemid === undefined ? {} : { itemid: checkedNumber('itemid', digitsIn(itemid)) }),
    view_count: views === undefined ? 0 : checkedNumber('view_count', digitsIn(views)),
    ...(created === undefined ? {} : { created: createdCell(created) }),
  };
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
