/** `npm run load [-- --seconds N]`: every endpoint at once against its own `npm start`, the hot link, then the count invariants. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../dynamodb/local';
import { connect } from '../../ops/gallery/connection';
import { checkAfterRun } from './checks';
import { drive } from './drive';
import { reportLoad } from './report';
import { hotLinkLine, visitHotLink } from './hot-link';
import { findSample, viewsOf } from './sample';
import { coverageGaps, scenariosFor } from './scenarios';
import { startStack } from '../../start/process';
import { boundedRun, type Undo, wholeNumberOption } from '../report/bounded-run';
import { loadTemplate } from '../../template/read';
import { functionEnvironment, functionsOf } from '../../template/functions';

const RUN_LIMIT_MS = 9 * 60_000;
/**
 * DynamoDB's partition limit modelled at a fiftieth (docs/local.md), and the hot link at ten times
 * it, from as many clients as the visits that once got 503 from a link's view transactions: 200
 * visits a second here stand for 10 000 on AWS, and stay within what DynamoDB Local on disk writes
 * here (docs/performance.md, A link that goes viral).
 */
const PARTITION_WRITES = 20;
const HOT_LINK = { connections: 500, seconds: 10, visitsPerSecond: 10 * PARTITION_WRITES };
const SAMPLE_LIMIT_MS = 4 * 60_000;

async function main(undo: Undo): Promise<boolean> {
  const seconds = wholeNumberOption('seconds', 60, 5, 300);
  const template = loadTemplate();
  const dynamoDbPort = await freePort();
  const dataDirectory = await mkdtemp(join(tmpdir(), 'load-'));
  undo.push(() => rm(dataDirectory, { recursive: true, force: true }));
  console.log(
    `Starting npm start (DynamoDB Local on 127.0.0.1:${dynamoDbPort}, data in ${dataDirectory}) with ${PARTITION_WRITES} writes a second to one key, and loading the sample gallery…`,
  );
  const own = {
    AWS_ENDPOINT_URL_DYNAMODB: undefined,
    DYNAMODB_PORT: String(dynamoDbPort),
    LOCAL_DATA_DIR: dataDirectory,
    LOCAL_PARTITION_WRITES: String(PARTITION_WRITES),
  };
  const stack = await startStack(own);
  undo.push(() => stack.stop());
  await stack.sampleLoaded(SAMPLE_LIMIT_MS);
  const sample = await findSample(stack);
  const scenarios = scenariosFor(sample);
  const gaps = coverageGaps(scenarios, functionsOf(template));
  if (gaps.length) throw new Error(gaps.join('\n'));

  console.log(`Driving ${scenarios.length} scenarios at ${stack.api} and ${stack.shortLinks} for ${seconds} s…`);
  const outcomes = await drive(scenarios, stack, seconds);
  console.log(
    `One short link from ${HOT_LINK.connections} clients, ${HOT_LINK.visitsPerSecond} visits a second for ${HOT_LINK.seconds} s…`,
  );
  const hot = { url: `${stack.shortLinks}/${sample.hotCode}`, views: () => viewsOf(stack.api, sample.hotCode) };
  const hotLink = await visitHotLink(hot, HOT_LINK);
  console.log(hotLinkLine(hotLink));
  const connection = connect({ AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamoDbPort}` }, template);
  try {
    const checks = await checkAfterRun(outcomes, hotLink, sample, connection.documents, functionEnvironment(template).SHORT_URLS_TABLE!);
    console.log();
    await reportLoad({ seconds, partitionWrites: PARTITION_WRITES }, outcomes, hotLink, checks);
    return checks.every((check) => check.pass);
  } finally {
    connection.close();
  }
}

await boundedRun('LOAD', RUN_LIMIT_MS, 'npm run load [-- --seconds N]: N from 5 to 300, 60 by default', main);
