/**
 * `npm run seed`, `import` and `export` work only on the database the running `npm start` names (or
 * AWS_ENDPOINT_URL_DYNAMODB), and seed deletes no table it did not make: on a DynamoDB Local of their own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../infra/dynamodb/local';
import { ensureTables, MADE_TABLES } from '../../infra/dynamodb/made-tables';
import { templateGalleryTable } from '../../infra/ops/gallery/connection';
import { exportGallery } from '../../infra/ops/gallery/export';
import { generateGallery } from '../../infra/local/sample/generator';
import { lineOf } from '../../infra/ops/gallery/records';
import { loadTemplate } from '../../infra/template/read';
import { announceStart, stateFileIn } from '../../infra/dynamodb/start-state';
import { runScript } from '../support/command';
import { runToEnd } from '../support/run-to-end';

// Each test runs npm scripts, each a process of its own, on a busy machine.
jest.setTimeout(90_000);

const template = loadTemplate();
const GALLERY = templateGalleryTable(template);
let database: DynamoDbLocal;
let client: DynamoDBClient;
let documents: DynamoDBDocumentClient;
const directories: string[] = [];

const directory = (prefix: string): string => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  directories.push(path);
  return path;
};

beforeAll(async () => {
  // A few requests: Java's quick compiler alone starts it on less CPU (../../infra/dynamodb/local.ts).
  // Port 0, as DYNAMODB_PORT=0 asks: any free one, which DynamoDB Local itself refuses.
  database = await startDynamoDbLocal({ port: 0, quickCompiler: true });
  expect(database.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  client = new DynamoDBClient({ endpoint: database.endpoint });
  documents = DynamoDBDocumentClient.from(client);
}, 60_000);

afterAll(async () => {
  client.destroy();
  await database.stop();
  for (const path of directories) rmSync(path, { recursive: true, force: true });
});

/** Runs `npm run <command>` with LOCAL_DATA_DIR `dataDir` and no database named: its exit code and its stderr, by line. */
function run(command: string, args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DATA_DIR: dataDir, GALLERY_TABLE: GALLERY };
  delete env.AWS_ENDPOINT_URL_DYNAMODB;
  return runToEnd(runScript(command, args, env));
}

/** A data directory whose npm start runs (this test's process stands for it, at npm start's default ports) and uses this file's DynamoDB Local. */
function runningStart(): string {
  const dataDir = directory('guard-running-');
  announceStart(dataDir, database.endpoint, 'http://127.0.0.1:3001');
  return dataDir;
}

const photosIn = async (): Promise<number> => (await exportGallery(documents, GALLERY)).photos;

async function deleteGallery(): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: GALLERY })).catch(() => undefined);
  await waitUntilTableNotExists({ client, maxWaitTime: 30 }, { TableName: GALLERY });
}

/** The gallery table as template.yaml defines it, made by hand (not through the local tools), with one item. */
async function galleryMadeByHand(): Promise<void> {
  const { AttributeDefinitions, KeySchema, BillingMode, GlobalSecondaryIndexes } = template.Resources.GalleryTable!.Properties!;
  await client.send(new CreateTableCommand({ TableName: GALLERY, AttributeDefinitions, KeySchema, BillingMode, GlobalSecondaryIndexes }));
  await documents.send(new PutCommand({ TableName: GALLERY, Item: { pk: 'kept-by-hand' } }));
}

const keptByHand = async (): Promise<boolean> =>
  ((await documents.send(new ScanCommand({ TableName: GALLERY }))).Items ?? []).some((item) => item.pk === 'kept-by-hand');

describe('with no database named and no npm start to ask', () => {
  test.each(['seed', 'import', 'export'])('%s refuses in one line, exit code 2', async (command) => {
    const dataDir = directory('guard-none-');
    const { code, lines } = await run(command, command === 'seed' ? [] : [join(dataDir, 'gallery.ndjson')], dataDir);
    expect(lines).toEqual([
      `${command} refused: no npm start runs DynamoDB Local on ${dataDir} (no ${stateFileIn(dataDir)}): start \`npm start\` (with the same LOCAL_DATA_DIR), or name a database in AWS_ENDPOINT_URL_DYNAMODB`,
    ]);
    expect(code).toBe(2);
  });

  test('seed refuses in one line when the npm start that wrote the file has stopped', async () => {
    const dataDir = directory('guard-stopped-');
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(stateFileIn(dataDir), JSON.stringify({ pid, endpoint: database.endpoint }));
    const refusal = new RegExp(`^seed refused: the npm start that ran DynamoDB Local on ${dataDir} \\(pid ${pid}\\) has stopped: `);
    expect(await run('seed', [], dataDir)).toMatchObject({ code: 2, lines: [expect.stringMatching(refusal)] });
  });
});

describe('on the database the running npm start names', () => {
  test('seed leaves a gallery table the local tools did not make, in one line, exit code 2', async () => {
    await galleryMadeByHand();
    const { code, lines } = await run('seed', ['--photos', '5'], runningStart());
    expect(lines).toEqual([
      `seed refused: the table ${GALLERY} was not made by npm start or npm run seed (${MADE_TABLES} does not list it) at ${database.endpoint}, so it is left as it is: delete it yourself if it may go`,
    ]);
    expect(code).toBe(2);
    expect(await keptByHand()).toBe(true);
  });

  test('seed makes the gallery table where there is none, and empties what it made when run again', async () => {
    await deleteGallery();
    const dataDir = runningStart();
    expect((await run('seed', ['--photos', '7'], dataDir)).code).toBe(0);
    expect(await photosIn()).toBe(7);
    expect((await run('seed', ['--photos', '4'], dataDir)).code).toBe(0);
    expect(await photosIn()).toBe(4);
  });

  test('a gallery table the seed made, deleted and made again by hand, is no longer taken for its own', async () => {
    await deleteGallery();
    await galleryMadeByHand();
    const refusal = `seed refused: the table ${GALLERY} was not made by npm start or npm run seed`;
    expect(await run('seed', ['--photos', '5'], runningStart())).toMatchObject({ code: 2, lines: [expect.stringContaining(refusal)] });
    expect(await keptByHand()).toBe(true);
  });

  test('import writes into it', async () => {
    await deleteGallery();
    await ensureTables(client, template);
    const dataDir = runningStart();
    const file = join(dataDir, 'gallery.ndjson');
    const records = generateGallery({ now: Math.floor(Date.now() / 1000), photos: 3, seed: 5 });
    writeFileSync(file, records.map((record) => `${lineOf(record)}\n`).join(''));
    expect((await run('import', [file], dataDir)).code).toBe(0);
    expect(await photosIn()).toBe(3);
  });
});
