/**
 * `npm run bench`: a benchmark, not a test. Builds every function as `sam build` does, then
 * prints per function its bundle size (raw and gzip -9), its cold start (a fresh Node process
 * importing the bundle and answering one request) and its warm in-process latency per
 * response type, next to a baseline (a bare handler answering a constant body with the same
 * headers, measured the same way), and checks the figures against the targets.
 * The functions that use DynamoDB run against an in-memory DynamoDB Local on a free loopback
 * port, started here and stopped at the end, holding one seeded short URL and a sample gallery
 * (some 1 800 photos in the last 30 days). The short-URL functions are compared with a bundle
 * that holds only the DynamoDB document client, and their latency is measured in DynamoDB round
 * trips, next to a bare UpdateItem; the gallery's 100-photo pages next to a bare Query, and their
 * read capacity at growing offsets in each sort. Last, the local stack's API server (`npm
 * start`'s) is driven over HTTP with autocannon, next to a bare node:http server sending the
 * same bytes, each in a child process of its own, and its short-link host by 500 clients on one
 * link.
 * Everything runs in-process or in child processes on this machine, on loopback only. It takes
 * four to six minutes on two cores.
 *
 * Every figure printed is also recorded (results.ts); at the end the run is written out as
 * infra/perf/results/bench.json and infra/perf/results/bench.md, which are committed: the last run's figures.
 *
 * The sections, in the order they print, each in infra/perf/bench/:
 *   bundles.ts, database.ts, gallery-data.ts, subjects.ts
 *                                          what is measured: the bundles, the seeded database and gallery, the requests
 *   baseline.ts, doc-client.ts, required-parts.ts, static-floor.ts, database-floor.ts
 *                                          the yardsticks: a bare handler, the document client alone, and the floors
 *                                          (what the design requires: middy and Powertools, with XMLBuilder or the client)
 *   sizes.ts                               bundle size, and what the largest bundle holds
 *   lambda-cold-start.ts                   cold start in a CPU cgroup at Lambda's share per memory size
 *   cold-start.ts, cpu-cgroup.ts           one cold start in a fresh Node process; the cgroup it runs in
 *   doc-client-comparison.ts               the DynamoDB functions against the doc-client-only bundle
 *   warm.ts                                warm, in-process latency per response type
 *   round-trips.ts                         DynamoDB round trips, against a bare UpdateItem
 *   gallery-page.ts                        100-photo gallery pages per type, against a bare Query
 *   gallery-capacity.ts                    read capacity of gallery pages per sort and offset (read-capacity.ts)
 *   throughput.ts                          requests per second over HTTP: the local stack against a bare node:http
 *                                          server (stack-server.ts, bare-server.ts, server-process.ts, captured-response.ts)
 *   hot-link.ts                            one short link from 500 clients at once: redirects a second, 301s, views counted
 *   targets.ts                             the targets, and the last lines: PASS or FAIL per target
 * Helpers: output.ts (lines, tables, units, section headings), stats.ts (timing, medians),
 * interleave.ts (timing cases side by side), lambda.ts (events, contexts), project.ts
 * (template.yaml and settings), results.ts (what is recorded), report-markdown.ts (the written
 * report); ../report/ (tables, the machine, the results files), shared with load and scale.
 */
import { tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildBundles } from './bundles';
import { seedDatabase, startDatabase } from './database';
import { docClientSection } from './doc-client-comparison';
import { galleryCapacitySection } from './gallery-capacity';
import { loadGallery, type Gallery } from './gallery-data';
import { galleryPageSection } from './gallery-page';
import { hotLinkSection } from './hot-link';
import { lambdaColdStartSection, TARGET_MB } from './lambda-cold-start';
import { describeMachine } from '../report/machine';
import { dropFunctionOutput, log, printFinished, printMachine } from './output';
import { writeResults } from '../report/files';
import { renderMarkdown } from './report-markdown';
import { results } from './results';
import { roundTripsSection } from './round-trips';
import { sizesSection } from './sizes';
import { subjectsOf } from './subjects';
import { checkTargets, printVerdicts } from './targets';
import { throughputSection } from './throughput';
import { warmSection } from './warm';

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

    sizesSection(subjects);
    const lambdaCold = await lambdaColdStartSection(subjects);
    docClientSection(subjects, lambdaCold.bySize.get(TARGET_MB)!);
    const warm = await warmSection(subjects);
    const trips = await roundTripsSection(subjects, db, seed);
    await galleryPageSection(subjects, gallery);
    const capacity = await galleryCapacitySection(subjects, gallery);
    await throughputSection();
    const hotLink = await hotLinkSection(db);

    const verdicts = checkTargets(subjects, lambdaCold, warm, trips, capacity, hotLink);
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
