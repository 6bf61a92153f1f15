/**
 * `npm run bench`: a benchmark, not a test. Bundle sizes, cold starts in CPU cgroups per memory
 * size and warm latency, each beside yardsticks measured the same way in the same run, against a
 * DynamoDB Local of its own; the sections by folder: README.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropFunctionOutput, log, printMachine } from '../report/console';
import { describeMachine } from '../report/machine';
import { buildBundles } from './bundles/bundles';
import { floorsSection } from './cold-start/floors';
import { lambdaColdStartSection } from './cold-start/lambda-cold-start';
import { requestFloorsOf } from './cold-start/request-floors';
import { reportSummary } from './report/summary';
import { checkTargets, TARGET_MB } from './report/targets';
import { type Gallery, loadGallery, seedShortUrl, startDatabase } from './setup/data';
import { subjectsOf } from './setup/subjects';
import { warmSection } from './warm/warm';

async function main(): Promise<void> {
  dropFunctionOutput();
  const started = performance.now();
  const startedAt = new Date();
  const machine = describeMachine();
  printMachine(machine);
  const database = startDatabase();
  const scratch = await mkdtemp(join(tmpdir(), 'bench-'));
  let gallery: Gallery | undefined;
  try {
    const bundles = await buildBundles(scratch); // while DynamoDB Local starts
    await database;
    const seed = await seedShortUrl();
    gallery = await loadGallery();
    const subjects = subjectsOf(bundles, seed, gallery);
    const requestFloors = await requestFloorsOf(subjects, scratch);

    const lambdaCold = await lambdaColdStartSection(subjects, requestFloors);
    const atTarget = lambdaCold.bySize.get(TARGET_MB)!;
    floorsSection(subjects, requestFloors, atTarget);
    const warm = await warmSection(subjects);

    log(`Finished in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const checks = checkTargets(subjects, requestFloors, atTarget, lambdaCold.unavailable.get(TARGET_MB), warm);
    await reportSummary(subjects, lambdaCold, warm, checks, machine, startedAt);
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
