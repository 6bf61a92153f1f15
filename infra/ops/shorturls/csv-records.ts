/**
 * A CSV row (docs/shorturls.md, Import) under a header whose columns are named as common
 * shorteners export them, checked as ./records.ts checks every line; its dates read by the
 * settings' own ISO 8601 parser.
 */
import { LAST_EPOCH_SECOND, momentOf } from '../../../lib/iso-time';
import type { ShortLinkHost } from '../../../lib/shorturls/hosts';
import { checkedCode, checkedLink, checkedNumber, digitsIn, type ImportedLink, refuse } from './records';

/** The names a column of a CSV export goes by, by the field it fills (compared without case or surrounding space). */
export const CSV_COLUMNS = {
  code: ['code', 'short code', 'keyword', 'slug'],
  link: ['link', 'url', 'long url', 'original url'],
  view_count: ['view_count', 'clicks', 'visits'],
  created: ['created', 'date', 'timestamp'],
  itemid: ['itemid'],
} as const;
export type CsvField = keyof typeof CSV_COLUMNS;

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
