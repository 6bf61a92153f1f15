/**
 * Gallery read capacity: GET /galleryphotos?count=100 at offsets 0, 100 and 1000 in each of the
 * four sorts, through the GalleryPhotosFunction handler loaded from source in-process, whose
 * document client (lib/db/client.ts's, shared with the bench) carries ./read-capacity.ts's
 * middleware for the section's length: the capacity every command consumed, as DynamoDB Local
 * reported it and as AWS's rules give it from the sizes read, split into the indexes (the day
 * partitions' entries) and the table (the counters and the page's records, by BatchGetItem).
 * Each answer's page is checked against the gallery in hand. Date-sorted pages must not spend
 * more on the table than the offset + count they reach for (they read the counters and the
 * page's records); digg sorts merge the window's day partitions (docs/gallery-layout.md).
 */
import { isDateSort, ORDERS, SORTS, type Sort } from '../../../../lib/gallery/arguments';
import type { Gallery } from '../setup/gallery-data';
import { importHandler } from '../../../local/invoke';
import { benchContext, must } from '../setup/lambda';
import { beginSection, log, passFail, table } from '../report/output';
import type { Recorder } from '../report/results';
import { GALLERY_PHOTOS } from '../setup/project';
import { addUnits, computedUnits, recordCapacity, reportedUnits, sum, TABLE, type Sent, type Units } from './read-capacity';
import { eventFor, query, type Subjects } from '../setup/subjects';

const OFFSETS = [0, 100, 1000] as const;
const COUNT = 100;

/** Capacity units of one request: on the index entries (keys, COUNT) and on full items (the table). */
interface Split {
  readonly index: number;
  readonly items: number;
}

export interface CapacityRow {
  readonly sort: Sort;
  readonly offset: number;
  /** The window's photos, as the answer's total says. */
  readonly total: number;
  /** The commands sent, e.g. `Query ×2, BatchGetItem`. */
  readonly commands: string;
  readonly indexes: readonly string[];
  /** Index entries the Queries evaluated (ScannedCount). */
  readonly entries: number;
  /** Full items BatchGetItem returned. */
  readonly items: number;
  /** As DynamoDB Local reported it; undefined when it reported nothing for some command. */
  readonly reported: Split | undefined;
  /** As AWS's rules give it from the sizes read. */
  readonly computed: Split;
}

export interface DateSortCheck {
  readonly sort: Sort;
  readonly ok: boolean;
  /** Whether the full-item capacity is the same at every offset. */
  readonly flat: boolean;
  /** Full-item capacity per offset, and its limit there: (offset + count) / count × offset 0's. */
  readonly fullItems: readonly number[];
  readonly limits: readonly number[];
  /** Whose figures: DynamoDB Local's, or AWS's rules' where DynamoDB Local reported nothing. */
  readonly source: string;
}

export interface GalleryCapacity {
  readonly offsets: readonly number[];
  readonly rows: readonly CapacityRow[];
  readonly dateSorts: readonly DateSortCheck[];
}

const split = (units: Units): Split => ({ index: sum(units) - (units.get(TABLE) ?? 0), items: units.get(TABLE) ?? 0 });
const units = (n: number) => n.toFixed(1);
const both = (reported: number | undefined, computed: number) => `${reported === undefined ? '-' : units(reported)} / ${units(computed)}`;

/** The page the answer must hold: the gallery in hand, in the answer's window, sorted and cut. */
function expectedPage(
  gallery: Gallery,
  sort: Sort,
  offset: number,
  window: { min: number; max: number },
): { total: number; ids: number[] } {
  const inWindow = gallery.photos.filter((p) => p.submit_date >= window.min && p.submit_date <= window.max);
  const ranked = inWindow.map((p) => ({ id: p.id, date: p.submit_date, rank: p.digg_count })).sort(ORDERS[sort]);
  return { total: inWindow.length, ids: ranked.slice(offset, offset + COUNT).map((r) => r.id) };
}

function checkPage(what: string, body: string, gallery: Gallery, sort: Sort, offset: number): number {
  const answer = JSON.parse(body) as { timestamp: number; min_date: number; total: number | string; photos: { id: number }[] };
  const expected = expectedPage(gallery, sort, offset, { min: answer.min_date, max: answer.timestamp });
  const ids = answer.photos.map((p) => p.id);
  if (Number(answer.total) !== expected.total || ids.join() !== expected.ids.join() || ids.length !== COUNT) {
    throw new Error(
      `${what}: total ${answer.total}, ${ids.length} photos (${ids.slice(0, 3).join()}…), expected total ${expected.total} and ${expected.ids.slice(0, 3).join()}…`,
    );
  }
  return expected.total;
}

function commandsOf(sent: readonly Sent[]): string {
  const counts = new Map<string, number>();
  for (const s of sent) {
    const name = s.command.replace(/Command$/, '');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}

async function measureCapacity(subjects: Subjects, gallery: Gallery): Promise<CapacityRow[]> {
  const [{ documentClient }, handler] = await Promise.all([
    import('../../../../lib/db/client'),
    importHandler('functions/gallery-photos.ts', 'handler'),
  ]);
  const subject = subjects.gallery.find((s) => s.id === GALLERY_PHOTOS)!;
  const context = benchContext(GALLERY_PHOTOS);
  const sent: Sent[] = [];
  const rows: CapacityRow[] = [];
  const stopRecording = recordCapacity(documentClient, sent);
  try {
    for (const sort of SORTS) {
      for (const offset of OFFSETS) {
        const what = `${sort} offset ${offset}`;
        const event = eventFor(subject, 'json', `/galleryphotos?${query('json')}&sort=${sort}&count=${COUNT}&offset=${offset}`);
        sent.length = 0;
        const result = await handler(event, context);
        must(what, result, 200);
        const total = checkPage(what, result.body ?? '', gallery, sort, offset);
        const commands = [...sent];
        const reported = commands.map(reportedUnits);
        const computed: Units = new Map();
        for (const s of commands) addUnits(computed, await computedUnits(s, gallery.connection.documents));
        const allReported = reported.every((r) => r !== undefined);
        const reportedSum: Units = new Map();
        for (const r of reported) addUnits(reportedSum, r);
        rows.push({
          sort,
          offset,
          total,
          commands: commandsOf(commands),
          indexes: [...new Set(commands.map((s) => s.input.IndexName as string | undefined).filter((name) => name !== undefined))],
          entries: commands.filter((s) => s.command === 'QueryCommand').reduce((n, s) => n + Number(s.output.ScannedCount ?? 0), 0),
          items: commands
            .filter((s) => s.command === 'BatchGetItemCommand')
            .reduce((n, s) => n + Object.values(s.output.Responses ?? {}).flat().length, 0),
          reported: allReported ? split(reportedSum) : undefined,
          computed: split(computed),
        });
      }
    }
  } finally {
    stopRecording();
  }
  return rows;
}

/** For a date sort: full-item capacity at each offset against (offset + count) / count × offset 0's. */
function checkDateSort(sort: Sort, rows: readonly CapacityRow[]): DateSortCheck {
  const mine = OFFSETS.map((offset) => rows.find((r) => r.sort === sort && r.offset === offset)!);
  const reported = mine.every((r) => r.reported !== undefined);
  const fullItems = mine.map((r) => (reported ? r.reported!.items : r.computed.items));
  const limits = OFFSETS.map((offset) => ((offset + COUNT) / COUNT) * fullItems[0]!);
  return {
    sort,
    ok: fullItems.every((n, i) => n <= limits[i]!),
    flat: fullItems.every((n) => n === fullItems[0]),
    fullItems,
    limits,
    source: reported ? "DynamoDB Local's figures" : "AWS's rules from item sizes (DynamoDB Local reported nothing for some command)",
  };
}

/** Each request's entries and items read, and their capacity as DynamoDB Local reported it (where it did) and as AWS's rules give it. */
function recordRows(record: Recorder, rows: readonly CapacityRow[]): void {
  for (const r of rows) {
    const subject = `${r.sort}, offset ${r.offset}`;
    record({ name: 'index entries read', subject, median: r.entries, unit: 'entries' });
    record({ name: 'full items read', subject, median: r.items, unit: 'items' });
    for (const [whose, split] of [
      ["DynamoDB Local's report", r.reported],
      ["AWS's rules", r.computed],
    ] as const) {
      if (split === undefined) continue;
      record({ name: `index read capacity, ${whose}`, subject, median: split.index, unit: 'RCU' });
      record({ name: `full-item read capacity, ${whose}`, subject, median: split.items, unit: 'RCU' });
    }
  }
}

export async function galleryCapacitySection(subjects: Subjects, gallery: Gallery): Promise<GalleryCapacity> {
  const record = beginSection(
    'Gallery read capacity',
    `GET /galleryphotos?count=${COUNT} (JSON) at offsets ${OFFSETS.join(', ')} in each sort, ${GALLERY_PHOTOS} from source in-process, ` +
      `ReturnConsumedCapacity INDEXES on every command it sends (a middleware on lib/db/client.ts's client)`,
  );
  const rows = await measureCapacity(subjects, gallery);
  recordRows(record, rows);
  log(
    table(
      ['Sort', 'Offset', 'Total', 'Commands', 'Index entries', 'Index RCU', 'Full items', 'Full-item RCU', 'All RCU'],
      rows.map((r) => [
        r.sort,
        String(r.offset),
        String(r.total),
        r.commands,
        String(r.entries),
        both(r.reported?.index, r.computed.index),
        String(r.items),
        both(r.reported?.items, r.computed.items),
        both(r.reported && r.reported.index + r.reported.items, r.computed.index + r.computed.items),
      ]),
    ),
  );
  const indexes = [...new Set(rows.flatMap((r) => r.indexes))].join(', ');
  const unreported = rows.filter((r) => r.reported === undefined).length;
  const agree = rows.filter((r) => r.reported && r.reported.index === r.computed.index && r.reported.items === r.computed.items).length;
  log(`RCU: read capacity units, "DynamoDB Local's report / AWS's rules". Index: ${indexes} (keys only);`);
  log(
    "full items: the table (counters and records), by BatchGetItem. AWS's rules, from the sizes read: a Query is charged for the entries it evaluates, in 4 KB units",
  );
  log(
    'rounded up per request; BatchGetItem per item, each rounded up to 4 KB; half a unit each, as every read here is eventually consistent.',
  );
  log(
    unreported === 0
      ? `DynamoDB Local reported ConsumedCapacity for every command (per table and index); its figures and AWS's rules agree in ${agree} of ${rows.length} requests.`
      : `DynamoDB Local reported no ConsumedCapacity for some command in ${unreported} of ${rows.length} requests: there, AWS's rules are the figures.`,
  );

  const dateSorts = SORTS.filter(isDateSort).map((sort) => checkDateSort(sort, rows));
  for (const c of dateSorts) {
    const figures = OFFSETS.map((offset, i) => `offset ${offset}: ${units(c.fullItems[i]!)} ≤ ${units(c.limits[i]!)}`).join(', ');
    log(
      `${c.sort}: full-item RCU within (offset + count) / count × offset 0's: ${figures} → ${passFail(c.ok)}` +
        `${c.flat ? ` (flat: the counters and the page's ${COUNT} photos)` : ' (the counters lead to the page: a few more small items)'}; ${c.source}.`,
    );
  }
  for (const sort of SORTS.filter((s) => !isDateSort(s))) {
    const mine = rows.filter((r) => r.sort === sort);
    const figures = mine.map(
      (r) =>
        `index ${units(r.reported?.index ?? r.computed.index)} RCU for ${r.entries} entries, full items ${units(r.reported?.items ?? r.computed.items)} RCU for ${r.items}`,
    );
    const text = figures.every((f) => f === figures[0])
      ? `at every offset, ${figures[0]}`
      : mine.map((r, i) => `offset ${r.offset}: ${figures[i]}`).join('; ');
    log(`${sort}: ${text} (a merge over the window's day partitions, read as far as the page reaches, then only the page's records).`);
  }
  log();
  return { offsets: OFFSETS, rows, dateSorts };
}
