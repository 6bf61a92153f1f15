/**
 * Gallery page: a 100-photo page of the default window (GET /galleryphotos?count=100, newest
 * first) in each type, through the built GalleryPhotosFunction handler in-process against
 * DynamoDB Local, timed side by side (../timing/interleave.ts) with a bare Query on the same table, on the
 * DatabaseFloor bundle's client (a client and connection of its own, as the handler's bundle
 * has), and with the page's reads alone (lib/gallery on the bench's client).
 */
import { pathToFileURL } from 'node:url';
import { DynamoGalleryStore } from '../../../../lib/gallery/dynamodb';
import { allOf, dayOf, partitionKey } from '../../../../lib/gallery/layout';
import { Listing } from '../../../../lib/gallery/listing';
import { GalleryReads } from '../../../../lib/gallery/reads';
import { CONTENT_TYPES, RESPONSE_TYPES } from '../../../../lib/render';
import type { Gallery } from '../setup/gallery-data';
import { measureCalls, type Case } from '../timing/interleave';
import { importHandler } from '../../../local/invoke';
import { benchContext, must } from '../setup/lambda';
import { beginSection, log, ms, signedMs } from '../report/output';
import { GALLERY_PHOTOS } from '../setup/project';
import { recordCalls, roundTripTable } from './round-trips';
import { eventFor, query, type Subjects } from '../setup/subjects';

const PAGE_SIZE = 100;
/** As the round-trips section takes turns, with fewer calls: a page costs some 10 bare Queries. */
const PAGE_ROUNDS = { warmup: 50, rounds: 150, perRound: 1 };

/** The page's reads, each alone, as the handler makes them: the counters, the day partitions' entries, the photos. */
function partCases(gallery: Gallery, pageIds: readonly number[]): Case[] {
  const reads = new GalleryReads(gallery.connection.documents, gallery.connection.table);
  const store = new DynamoGalleryStore(gallery.connection.documents, gallery.connection.table);
  const counters = new Listing(reads);
  const page = {
    series: [allOf('photo')],
    range: gallery.window.range,
    sort: 'submit_date-desc' as const,
    offset: 0,
    count: pageIds.length,
  };
  const expect = (what: string, found: number, wanted: number) => {
    if (found !== wanted) throw new Error(`${what}: ${found}, expected ${wanted}`);
  };
  return [
    {
      name: 'count',
      label: `its counters alone (the window's ${gallery.window.photos} photos)`,
      call: async () => expect('total', await counters.total(page.series, page.range), gallery.window.photos),
    },
    {
      name: 'ids',
      label: `its counters and ${pageIds.length} dayByDate entries alone`,
      call: async () => expect('ids', (await counters.page(page)).ids.length, pageIds.length),
    },
    {
      name: 'items',
      label: `its BatchGetItem of ${pageIds.length} photos alone`,
      call: async () => expect('photos', (await store.photosByIds(pageIds)).size, pageIds.length),
    },
  ];
}

export async function galleryPageSection({ gallery: functions, databaseFloor }: Subjects, gallery: Gallery): Promise<void> {
  const { warmup, rounds, perRound } = PAGE_ROUNDS;
  const record = beginSection(
    'Gallery page',
    `GET /galleryphotos?count=${PAGE_SIZE} (the default window's ${gallery.window.photos} photos, newest first) through the built ${GALLERY_PHOTOS} handler, ` +
      `in-process against DynamoDB Local; ${warmup} untimed calls each, then ${rounds} rounds of ${perRound} call, in a shuffled order per round; sequential`,
  );
  const subject = functions.find((s) => s.id === GALLERY_PHOTOS)!;
  const handler = await importHandler(subject.file, subject.exportName);
  const context = benchContext(GALLERY_PHOTOS);
  // The page's first and last photos: the newest 100 of the window, whose near end is now.
  const newest = [...gallery.photos].sort((a, b) => b.submit_date - a.submit_date || b.id - a.id);
  const [first, last] = [newest[0]!.id, newest[PAGE_SIZE - 1]!.id];
  const pages: Case[] = RESPONSE_TYPES.map((type) => {
    const event = eventFor(subject, type, `/galleryphotos?${query(type)}&count=${PAGE_SIZE}`);
    const name = `page-${type}`;
    const holdsPage = (body: string) => body.includes(String(first)) && body.includes(String(last));
    return {
      name,
      label: `${PAGE_SIZE}-photo page, ${type} (handler)`,
      call: async () => must(name, await handler(event, context), 200),
      first: async () =>
        must(
          name,
          await handler(event, context),
          200,
          (r) => String(r.headers?.['Content-Type']).startsWith(CONTENT_TYPES[type]) && holdsPage(r.body ?? ''),
        ),
    };
  });
  const { queryOne } = (await import(pathToFileURL(databaseFloor.file).href)) as typeof import('../yardsticks/database-floor');
  const newestDay = partitionKey(allOf('photo'), dayOf(newest[0]!.submit_date));
  const bareQuery = async () => {
    if ((await queryOne(newestDay)) === undefined) throw new Error('the bare Query found no photo');
  };
  const parts = partCases(
    gallery,
    newest.slice(0, PAGE_SIZE).map((p) => p.id),
  );
  const cases: Case[] = [
    ...pages,
    ...parts,
    { name: 'bare', label: `bare Query (dayByDate, Limit 1), ${databaseFloor.id}`, call: bareQuery },
  ];

  const { rows, results } = await measureCalls(cases, PAGE_ROUNDS);
  const median = (name: string) => results.get(name)!.median;
  const bare = cases.find((c) => c.name === 'bare')!;
  recordCalls(record, rows, { subject: bare.label, median: median('bare') });
  log(roundTripTable(rows, results.get('bare')!, 'bare Query'));
  log(
    `A date page reads the window's counters (one BatchGetItem), then the entries of the days the page spans (one Query each, at once), then one BatchGetItem`,
  );
  log(
    `of the page's ${PAGE_SIZE} photos; the bare Query reads one index entry. Each answer was checked before timing: its type, and the newest photo and the ${PAGE_SIZE}th.`,
  );
  log(
    `The reads alone run lib/gallery (by tsx) on the bench's own client. From differences of medians, of the JSON page's ${ms(median('page-json'))} ms:`,
  );
  const reads = median('ids') + median('items');
  log(
    `the counters ${ms(median('count'))} ms, with the entries ${ms(median('ids'))} ms, then the BatchGetItem ${ms(median('items'))} ms; ` +
      `the rest ${signedMs(median('page-json') - reads)} ms is the handler's own work (unmarshalling, rendering) and its bundle's client.`,
  );
  log();
}
