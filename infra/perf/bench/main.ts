/**
 * `npm run bench`: a benchmark, not a test. Builds every function as `sam build` does, then
 * prints per function its bundle size (raw and gzip -9), its cold start (a fresh Node process
 * importing the bundle and answering one request, in a CPU cgroup at a memory size's share of a
 * core) and its warm in-process latency per response type, next to yardsticks measured the
 * same way: a bare handler, and the floors of what the design requires (middy and Powertools
 * with XMLBuilder, or with the DynamoDB document client), against which the targets are set.
 * The functions that use DynamoDB run against an in-memory DynamoDB Local on a free loopback
 * port, started here and stopped at the end, holding one seeded short URL and a sample gallery
 * (some 1 800 photos in the last 30 days); their latency is measured in DynamoDB round trips,
 * next to a bare UpdateItem, the gallery's 100-photo pages next to a bare Query, and their read
 * capacity at growing offsets in each sort. Last, the local stack's API server (`npm start`'s)
 * is driven over HTTP with autocannon, next to a bare node:http server sending the same bytes,
 * and its short-link host by 500 clients on one link.
 * Everything runs in-process or in child processes on this machine, on loopback only. It takes
 * ten to twelve minutes on two cores.
 *
 * Every figure printed is also recorded; at the end the run is written out as
 * infra/perf/results/bench.json and bench.md, which are committed: the last run's figures.
 * The sections, in the order they print, by folder: README.md.
 */
import { tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildBundles } from './bundles/bundles';
import { seedDatabase, startDatabase } from './setup/database';
import { floorsSection } from './cold-start/floors';
import { galleryCapacitySection } from './dynamodb/gallery-capacity';
import { loadGallery, type Gallery } from './setup/gallery-data';
import { galleryPageSection } from './dynamodb/gallery-page';
import { hotLinkSection } from './http/hot-link';
import { lambdaColdStartSection } from './cold-start/lambda-cold-start';
import { describeMachine } from '../report/machine';
import { dropFunctionOutput, log, printFinished, printMachine } from './report/output';
import { writeResults } from '../report/files';
import { renderMarkdown } from './report/report-markdown';
import { results } from './report/results';
import { roundTripsSection } from './dynamodb/round-trips';
import { sizesSection } from './bundles/sizes';
import { requestFloorsOf } from './cold-start/request-floors';
import { subjectsOf } from './setup/subjects';
import { checkTargets, printVerdicts } from './report/targets';
import { TARGET_MB } from './report/target-limits';
import { throughputSection } from './http/throughput';
import { warmSection } from './warm/warm';

async function main(): Promise<void> {
  dropFunctionOutput();
  const started = performance.now();
  const startedAt = new Date();
  const machine = describeMachine();
  printMachine(machine);
  const databaseStarted = performance.now();
  const database = startDatabase();
  const scratch = await mkdtemp(join(tmpdir(), 'bench-'));
  let gallery: Gallery | undefined;
  try {
    const bundles = await buildBundles(scratch); // while DynamoDB Local starts
    await database;
    const { db, seed } = await seedDatabase(databaseStarted);
    gallery = await loadGallery();
    const subjects = subjectsOf(bundles, seed, gallery);
    const requestFloors = await requestFloorsOf(subjects, scratch);

    sizesSection(subjects);
    const lambdaCold = await lambdaColdStartSection(subjects, requestFloors);
    floorsSection(subjects, requestFloors, lambdaCold.bySize.get(TARGET_MB)!);
    const warm = await warmSection(subjects);
    const trips = await roundTripsSection(subjects, db, seed);
    await galleryPageSection(subjects, gallery);
    const capacity = await galleryCapacitySection(subjects, gallery);
    await throughputSection();
    const hotLink = await hotLinkSection(db);

    const verdicts = checkTargets(subjects, requestFloors, lambdaCold, warm, trips, capacity, hotLink);
    printFinished(started);
    const report = results.report(machine, startedAt, (performance.now() - started) / 1000);
    const written = await writeResults('bench', report, renderMarkdown(report));
    log(`Wrote ${written.join(' and ')}.`);
    printVerdicts(verdicts);
  } finally {
    gallery?.connection.close();
    const dynamoDbLocal = await database.catch(() => undefined);
    await dynamoDbLocal?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

try {
  await main();
  // A benchmark reports; a missed target is in its last lines, not in the exit code.
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
}
