/** `npm run bench`: bundle sizes, cold starts per memory size in CPU cgroups and warm latency, each beside floors measured in the same run. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropFunctionOutput, log, warnAboutMachine } from '../report/console';
import { machineLine } from '../report/tables';
import { buildBundles } from './bundles';
import { type Gallery, loadGallery, seedShortUrl, startDatabase } from './data';
import { measureMemorySizes } from './memory-sizes';
import { requestFloorsOf } from './request-floors';
import { subjectsOf } from './subjects';
import { reportBench } from './summary';
import { checkTargets, TARGET_MB } from './targets';
import { measureWarm } from './warm';

async function main(): Promise<void> {
  dropFunctionOutput();
  const started = new Date();
  log(`Benchmark: ${machineLine()}`);
  warnAboutMachine();
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
    const sizes = await measureMemorySizes(subjects, requestFloors);
    const warm = await measureWarm(subjects);
    log(`Finished in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s.`);
    const checks = checkTargets(subjects, requestFloors, sizes.bySize.get(TARGET_MB)!, sizes.unavailable.get(TARGET_MB), warm);
    await reportBench(subjects, requestFloors, sizes, warm, checks, started);
  } finally {
    gallery?.connection.close();
    await (await database.catch(() => undefined))?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

// A missed target is in the summary's last lines, not in the exit code.
await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
