/**
 * The bundle host (infra/local/bundle-host.mjs), as the bench's cold starts run it: the peak
 * resident memory it reports is the function's process's own, not that of the process that
 * started it (getrusage's peak carries over across the fork: a bench of 67 MB once had every
 * function report 67 MB).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../infra/template/read';

const HOST = resolve(PROJECT_ROOT, 'infra/local/bundle-host.mjs');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bundle-host-'));
  writeFileSync(join(dir, 'bare.mjs'), "export const handler = async () => ({ statusCode: 200, body: 'ok' });\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the peak resident memory reported is the function process’s, below that of the process that started it', () => {
  // The starting process well above what a bare handler's process needs (about 45 MB).
  const ballast = Buffer.alloc(300 * 1024 * 1024, 1);
  const startedAtKb = process.memoryUsage().rss / 1024;
  const input = JSON.stringify({ event: {}, context: { remainingMs: 1000, functionName: 'bare', awsRequestId: 'r' } });
  const output = execFileSync(process.execPath, [HOST, pathToFileURL(join(dir, 'bare.mjs')).href, 'handler'], { input });
  const report = JSON.parse(output.toString('utf8').split('\n').pop() ?? '') as { maxRssKb: number; answer: { statusCode: number } };
  expect(report.answer.statusCode).toBe(200);
  expect(startedAtKb).toBeGreaterThan(300 * 1024);
  expect(report.maxRssKb).toBeGreaterThan(10 * 1024);
  expect(report.maxRssKb).toBeLessThan(startedAtKb / 2);
  expect(ballast.length).toBe(300 * 1024 * 1024);
});
