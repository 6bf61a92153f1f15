/**
 * The short-link import at scale: `npx tsx infra/perf/scale/short-link-import.ts [--links N]` (100 000 by
 * default; about five minutes). On a DynamoDB Local of its own (in memory, on a free loopback
 * port, as the scale run's), with the template's tables:
 *   1. imports N links (../../ops/shorturls/importer.ts, as `npm run shorturls -- import` does), half of them with
 *      itemids of their own, and reports the rate and the units DynamoDB reported per link;
 *   2. shortens as many links as there are imported ones measured, through the service;
 *   3. follows (the redirect's handler) and looks up (the lookup's handler) imported and made
 *      codes in turn, reporting each one's median latency and the units it consumed.
 * Writes infra/perf/results/shorturls.md (and shorturls.json, not committed); docs/shorturls.md quotes them.
 */
import { parseArgs } from 'node:util';
import { freePort } from '../../dynamodb/local';
import { startLocalStack } from '../../local/stack';
import { invokeRoute } from '../../local/invoke';
import { loadTemplate } from '../../template/read';
import { routesOf } from '../../template/routes';
import { APP_KEY } from '../bench/setup/lambda';
import { dropFunctionOutput, log } from '../bench/report/output';
import { recordCapacity, type Sent } from '../bench/dynamodb/read-capacity';
import { summarise } from '../bench/timing/stats';
import { describeMachine, machineLine } from '../report/machine';
import { writeResults } from '../report/files';
import type { NumberedLine } from '../../ops/shorturls/import-plan';
import { importLinks } from '../../ops/shorturls/importer';

const { values } = parseArgs({ options: { links: { type: 'string', default: '100000' } } });
const links = Number(values.links);
if (!Number.isInteger(links) || links < 1_000 || links > 1_000_000) throw new Error('--links takes a whole number from 1 000 to 1 000 000');
const SAMPLED = 200;
const SHORT_URL_HOST = 'https://sho.rt';

/** What DynamoDB reported of the commands: capacity units, summed. */
const unitsOf = (sent: readonly Sent[]): number =>
  sent.reduce((sum, { output }) => {
    const consumed = output.ConsumedCapacity as { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> | undefined;
    const list = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
    return sum + list.reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
  }, 0);

dropFunctionOutput();
const template = loadTemplate();
const database = await startLocalStack(template, { dynamoDbPort: await freePort(), shortUrlHost: SHORT_URL_HOST });
try {
  // The functions' modules read their settings (and the database's endpoint) when they load: now.
  const { documentClient, singleAttemptClient } = await import('../../../lib/db/client');
  const routes = routesOf(template);
  const [api, shortLinks] = [routes.filter((route) => route.api === 'Api'), routes.filter((route) => route.api === 'ShortApi')];
  const key = encodeURIComponent(APP_KEY);
  const target = { documents: documentClient, table: process.env.SHORT_URLS_TABLE! };
  const lines: NumberedLine[] = Array.from({ length: links }, (_, n) => ({
    line: n + 1,
    link: {
      code: `old-${n.toString(36)}`,
      link: `https://old.example.org/story/${n}?ref=import`,
      ...(n % 2 === 0 ? { itemid: 10 * n + 7 } : {}),
      view_count: (n * 7919) % 5_000,
      created: 1_200_000_000 + n,
    },
  }));

  const importSent: Sent[] = [];
  const stopImport = recordCapacity(documentClient, importSent);
  const summary = await importLinks(target, lines);
  stopImport();
  const importUnits = unitsOf(importSent) / links;
  log(
    `Imported ${summary.imported} links (${summary.assigned} given an itemid anew, ${summary.refused.length} refused) in ${summary.seconds.toFixed(1)} s: ${Math.round(links / summary.seconds)} links/s, ${importUnits.toFixed(2)} units a link as DynamoDB Local reported them`,
  );

  // Codes the service makes, as many as the imported ones followed.
  const made: string[] = [];
  for (let n = 0; n < SAMPLED; n++) {
    const target = `/url/short/create?appkey=${key}&type=json&url=${encodeURIComponent(`https://new.example.org/${n}`)}`;
    const answer = await invokeRoute(api, { target, sourceIp: `198.51.100.${n % 250}` });
    made.push(new URL(JSON.parse(answer.body).shorturls[0].short_url).pathname.slice(1));
  }
  const imported = Array.from({ length: SAMPLED }, (_, i) => lines[Math.floor((i * links) / SAMPLED)]!).map((line) =>
    'link' in line ? line.link.code : '',
  );

  const calls = {
    redirect: (code: string) => invokeRoute(shortLinks, { target: `/${code}` }),
    lookup: (code: string) => invokeRoute(api, { target: `/url/short/${code}?appkey=${key}&type=json` }),
  };
  const rows: Array<{ request: string; codes: string; medianMs: number; units: number }> = [];
  for (const [request, call] of Object.entries(calls)) {
    for (const [which, codes] of [
      ['imported', imported],
      ['made', made],
    ] as const) {
      const sent: Sent[] = [];
      const stops = [recordCapacity(documentClient, sent), recordCapacity(singleAttemptClient(), sent)];
      const times: number[] = [];
      for (const code of codes) {
        const started = performance.now();
        const answer = await call(code);
        times.push(performance.now() - started);
        const expected = request === 'redirect' ? 301 : 200;
        if (answer.statusCode !== expected) throw new Error(`${request} of ${code} answered ${answer.statusCode}`);
      }
      for (const stop of stops) stop();
      rows.push({ request, codes: which, medianMs: summarise(times).median, units: unitsOf(sent) / codes.length });
    }
  }
  for (const row of rows)
    log(`${row.request} of ${row.codes} codes: median ${row.medianMs.toFixed(2)} ms, ${row.units.toFixed(2)} units a request`);

  const machine = describeMachine();
  const date = new Date().toISOString();
  const importLine = `${links} links imported in ${summary.seconds.toFixed(1)} s (${Math.round(links / summary.seconds)} links/s), ${importUnits.toFixed(2)} capacity units a link as DynamoDB Local reported them; ${summary.assigned} given an itemid anew.`;
  await writeResults(
    'shorturls',
    { date, machine, links, import: { ...summary, refused: summary.refused.length, unitsPerLink: importUnits }, requests: rows },
    [
      '# Short links at scale',
      '',
      `\`npx tsx infra/perf/scale/short-link-import.ts\` on ${date}: ${machineLine(machine)} at the end. DynamoDB Local in memory; the redirect and lookup handlers in-process, ${SAMPLED} codes of each kind, each followed and looked up once, one at a time.`,
      '',
      importLine,
      '',
      '| request | codes | median ms | units a request |',
      '| --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row.request} | ${row.codes} | ${row.medianMs.toFixed(2)} | ${row.units.toFixed(2)} |`),
      '',
    ].join('\n'),
  );
} finally {
  await database?.stop();
}
