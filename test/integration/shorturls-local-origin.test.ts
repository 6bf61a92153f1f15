/**
 * `npm run shorturls -- import` on the running `npm start`'s database keeps links from leading to
 * that npm start's short-link host, at whatever port it listens (docs/shorturls.md, Which
 * database): a link to it would redirect to itself. One `npm start`, with SHORT_PORT on a free
 * port; the command is run with no SHORT_PORT of its own, as from another terminal.
 * That npm start runs on the integration run's DynamoDB Local (in a table of this file's), not on
 * one of its own, which takes seconds of CPU to start; this process names its database and
 * short-link origin in the data directory as npm start does (local-data-directory.test.ts checks
 * what npm start writes), at an address of its own, so that the run's endpoint is another database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/dynamodb/local';
import { announceStart } from '../../infra/dynamodb/start-state';
import { startStack, type RunningStack } from '../../infra/start/process';
import { runScript } from '../support/command';
import { ownTables } from '../support/own-table';
import { runToEnd } from '../support/run-to-end';

const folder = mkdtempSync(join(tmpdir(), 'shorturls-origin-'));
const dataDir = join(folder, 'data');
let stack: RunningStack;
let shortPort = 0;
let dynamoDbEndpoint = '';
let startsTable = '';
const tables = ownTables('ShortUrlsTable');
const sockets = new Set<Socket>();

/** The run's DynamoDB Local at another address: every connection passed through to it. */
const passThrough: Server = createServer((socket) => {
  const { hostname, port } = new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  const upstream = connect(Number(port), hostname);
  for (const end of [socket, upstream]) {
    sockets.add(end);
    end.once('close', () => sockets.delete(end)).on('error', () => undefined);
  }
  socket.pipe(upstream).pipe(socket);
});

beforeAll(async () => {
  shortPort = await freePort();
  startsTable = (await tables.create('origin-start')).table;
  await new Promise<void>((listening) => passThrough.listen(0, '127.0.0.1', listening));
  dynamoDbEndpoint = `http://127.0.0.1:${(passThrough.address() as { port: number }).port}`;
  stack = await startStack({ SHORT_PORT: String(shortPort), SHORT_URLS_TABLE: startsTable });
  announceStart(dataDir, dynamoDbEndpoint, stack.shortLinks);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  for (const socket of sockets) socket.destroy();
  passThrough.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * `npm run shorturls -- import` of these links (NDJSON, one a line), with LOCAL_DATA_DIR, the npm
 * start's table and `env` only: its exit code, stderr lines and stdout, and the numbers of the lines
 * refused as links creation refuses (error 1016), as its `FILE:LINE: reason` lines on stderr give them.
 */
async function importLinks(name: string, links: Record<string, string>, env: Record<string, string> = {}) {
  const file = join(folder, `${name}.ndjson`);
  const ndjson = Object.entries(links).map(([code, link]) => JSON.stringify({ code, link }));
  writeFileSync(file, `${ndjson.join('\n')}\n`);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOCAL_DATA_DIR: dataDir, SHORT_URLS_TABLE: startsTable, ...env };
  for (const variable of ['AWS_ENDPOINT_URL_DYNAMODB', 'SHORT_URL_HOST', 'SHORT_PORT']) if (!(variable in env)) delete childEnv[variable];
  const done = await runToEnd(runScript('shorturls', ['import', file], childEnv));
  const ours = done.lines.filter((line) => line.startsWith(`${file}:`));
  return { ...done, refused: ours.map((line) => Number(/^:(\d+): .*error 1016/.exec(line.slice(file.length))?.[1])) };
}

/** The short-link host's answer to HEAD /code: 301 and where to for an imported code (no view counted). */
async function followed(code: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${stack.shortLinks}/${code}`, { method: 'HEAD', redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

test('a link to the short-link host at its port, by address or by name, is refused; a link elsewhere is imported', async () => {
  expect(stack.shortLinks).toBe(`http://127.0.0.1:${shortPort}`);
  const { code, refused, stdout } = await importLinks('from-start', {
    'loop-address': `http://127.0.0.1:${shortPort}/x`,
    'loop-name': `http://localhost:${shortPort}/x`,
    elsewhere: 'https://elsewhere.test/x',
  });
  expect({ code, refused }).toEqual({ code: 1, refused: [1, 2] });
  expect(stdout).toMatch(/^1 imported\b.*\b2 lines refused/);
  expect(await followed('elsewhere')).toEqual({ status: 301, location: 'https://elsewhere.test/x' });
  for (const loop of ['loop-address', 'loop-name']) expect((await followed(loop)).status).toBe(404);
}, 60_000);

test('AWS_ENDPOINT_URL_DYNAMODB naming the endpoint that npm start announced is its database still, with its short-link host', async () => {
  const links = { 'named-loop': `http://localhost:${shortPort}/y` };
  expect(await importLinks('named', links, { AWS_ENDPOINT_URL_DYNAMODB: dynamoDbEndpoint })).toMatchObject({ code: 1, refused: [1] });
}, 60_000);

test('SHORT_URL_HOST, when set, is the short-link host links are checked against', async () => {
  const set = await importLinks('set', { 'to-set-host': 'https://sho.rt/z' }, { SHORT_URL_HOST: 'https://sho.rt' });
  expect(set).toMatchObject({ code: 1, refused: [1] });
}, 60_000);

test('another database named, whose short-link host no npm start announced: refused as a whole until SHORT_URL_HOST says it, exit code 2', async () => {
  // The run's DynamoDB Local at its own address, which no npm start announced, and a table of this test's.
  const other = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
  const env = { AWS_ENDPOINT_URL_DYNAMODB: other, SHORT_URLS_TABLE: (await tables.create('origin')).table };
  const { code, lines } = await importLinks('other', { anywhere: 'https://elsewhere.test/w' }, env);
  expect(code).toBe(2);
  expect(lines.at(-1)).toBe(
    `shorturls import refused: set SHORT_URL_HOST to the short-link origin of the npm start that uses ${other} (it prints "short URLs carry …"): no link may lead to it`,
  );
}, 60_000);
