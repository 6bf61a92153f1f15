/**
 * `npm run shorturls -- COMMAND`: the operator's short links (docs/shorturls.md), on the table
 * SHORT_URLS_TABLE names (else template.yaml's) in the database the other local tools choose
 * (../gallery/connection.ts: AWS_ENDPOINT_URL_DYNAMODB, else the running `npm start`'s).
 *
 *   import FILE            NDJSON or CSV; refused lines as FILE:LINE: reason; exit 1 when any was
 *   export FILE            every record as NDJSON in the import's format
 *   disable CODE --reason TEXT / enable CODE
 *   block HOST --reason TEXT / unblock HOST
 *   audit                  every operator action, oldest first
 *   check                  the table's records, entries and claims against each other (./consistency.ts); exit 1 on any problem
 *
 * Every action but export, audit and check is recorded, with --reason where given. Exit code 2 when
 * the command cannot run (no database, a file it cannot read, an unknown code or host).
 */
import { parseArgs } from 'node:util';
import { nowSeconds } from '../../../lib/iso-time';
import { Blocklist } from '../../../lib/shorturls/blocklist';
import { DynamoShortUrlStore } from '../../../lib/shorturls/dynamodb';
import { readShortLinkHost } from '../../../lib/shorturls/settings';
import { connectOrExit, failureMessage, SHORT_URLS } from '../gallery/connection';
import { streamProgress } from '../gallery/progress';
import { type Action, auditEntries, auditLine, recordAction, whoIsActing } from './audit';
import { auditShortUrls } from './consistency';
import { exportLinks } from './export';
import { importLinks } from './importer';
import { readLinks, UnreadableFile } from './reading';
import { REASON_MAX } from './records';
import { block, hostOf, unblock } from './blocks';
import { TakedownRefused } from './table';
import { codeOf, disable, enable } from './takedown';

const USAGE = `usage: npm run shorturls -- import FILE | export FILE | disable CODE --reason TEXT | enable CODE | block HOST --reason TEXT | unblock HOST | audit | check`;
const SHOWN = 100;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { reason: { type: 'string' } } });
const [command, subject] = positionals;
const needs = { import: 1, export: 1, disable: 1, enable: 1, block: 1, unblock: 1, audit: 0, check: 0 } as Record<string, number>;
if (command === undefined || needs[command] === undefined || positionals.length !== needs[command]! + 1) {
  console.error(USAGE);
  process.exit(2);
}

const connection = connectOrExit('shorturls', process.env, undefined, SHORT_URLS);
const target = { documents: connection.documents, table: connection.table };

/**
 * The short-link host imported links are checked against: SHORT_URL_HOST, else the one the running
 * npm start announced with its database. Of any other database it is not known: a guessed port
 * (npm start's default) would let a link to the real one in, and it would loop.
 */
function shortLinkHost() {
  const origin = process.env.SHORT_URL_HOST || connection.shortUrlHost;
  if (!origin)
    throw new UnreadableFile(
      connection.local
        ? `set SHORT_URL_HOST to the short-link origin of the npm start that uses ${connection.endpoint} (it prints "short URLs carry …"): no link may lead to it`
        : "set SHORT_URL_HOST to the stage's short-link origin (its stack's output ShortUrlHost): no link may lead to it",
    );
  return readShortLinkHost({ ...process.env, SHORT_URL_HOST: origin });
}

/** --reason, required by disable and block; TakedownRefused when it is missing or too long. */
function reason(): string {
  const text = values.reason ?? '';
  if (text === '') throw new TakedownRefused(`${command} needs --reason TEXT: the audit keeps why`);
  if (text.length > REASON_MAX) throw new TakedownRefused(`--reason takes at most ${REASON_MAX} characters, not ${text.length}`);
  return text;
}

/** The reason as the audit keeps it: as given, or the start of one too long to take. */
const reasonKept = (text: string | undefined) =>
  text === undefined || text === ''
    ? {}
    : { reason: text.length > REASON_MAX ? `${text.slice(0, REASON_MAX)}… (${text.length} characters)` : text };

/** Who runs the command, asked once (on AWS, of STS): the audit and a takedown both name them. */
let acting: Promise<string> | undefined;
const actor = () => (acting ??= whoIsActing(connection.local));

/**
 * Runs an operator's action on `subject` (the target `named` makes of it: a host's key), then
 * records it and says how it went; a refused or failed action is recorded too, with why (as far
 * as the database answers: it may be what failed), and rethrown.
 */
async function act(action: Action, named: (subject: string) => string, run: (target: string) => Promise<string>): Promise<void> {
  const who = await actor();
  let on = subject!;
  const record = (outcome: string) =>
    recordAction(target, { action, target: on, ...reasonKept(values.reason), outcome, who, at: nowSeconds() });
  let outcome: string;
  try {
    on = named(on);
    outcome = await run(on);
  } catch (error) {
    await record(`${isRefusal(error) ? 'refused' : 'failed'}: ${failureMessage(error, connection)}`).catch(() => undefined);
    throw error;
  }
  await record(outcome);
  console.log(outcome);
}

const isRefusal = (error: unknown) => error instanceof TakedownRefused || error instanceof UnreadableFile;
const asGiven = (text: string) => text;

const takedown = async () => ({ reason: reason(), at: nowSeconds(), by: await actor() });

async function run(): Promise<void> {
  switch (command) {
    case 'import': {
      let refused = 0;
      await act('import', asGiven, async (file) => {
        const lines = readLinks(file, shortLinkHost());
        const store = new DynamoShortUrlStore(connection.documents, connection.table);
        const blocklist = new Blocklist(() => store.blockedHosts());
        console.error(`Importing ${file} into ${connection.table} at ${connection.endpoint}`);
        const summary = await importLinks(target, lines, { progress: streamProgress(), blocked: (link) => blocklist.blocks(link) });
        for (const { line, reason } of summary.refused.slice(0, SHOWN)) console.error(`${file}:${line}: ${reason}`);
        if (summary.refused.length > SHOWN) console.error(`… and ${summary.refused.length - SHOWN} more refused lines`);
        refused = summary.refused.length;
        return `${summary.imported} imported (${summary.assigned} given a new itemid), ${summary.unchanged} already there, ${refused} lines refused, ${summary.blocks} blocked hosts added, in ${summary.seconds.toFixed(1)} s`;
      });
      process.exitCode = refused > 0 ? 1 : 0;
      return;
    }
    case 'export': {
      const { written, unreadable } = await exportLinks(target, subject!);
      for (const problem of unreadable) console.error(`left out, unreadable: ${problem}`);
      console.log(`${written} short links written to ${subject}${unreadable.length ? `; ${unreadable.length} records left out` : ''}`);
      process.exitCode = unreadable.length > 0 ? 1 : 0;
      return;
    }
    case 'disable':
      return act('disable', codeOf, async (code) => {
        const others = await disable(target, code, await takedown());
        return `${code} disabled${others ? `, with ${others} other short links to the same link` : ''}: within a minute it answers 410 on the short-link host and 404 on lookup`;
      });
    case 'enable':
      return act('enable', codeOf, async (code) => {
        const others = await enable(target, code);
        return `${code} enabled again${others ? `, with ${others} other short links to the same link` : ''}`;
      });
    case 'block':
      return act(
        'block',
        hostOf,
        async (host) => `${host} blocked; ${await block(target, host, await takedown())} short links to it disabled`,
      );
    case 'unblock':
      return act('unblock', hostOf, async (host) => `${host} unblocked; ${await unblock(target, host)} short links to it enabled again`);
    case 'audit':
      for (const entry of await auditEntries(target)) console.log(auditLine(entry));
      return;
    case 'check': {
      const { records, problems } = await auditShortUrls(connection.documents, connection.table);
      for (const problem of problems.slice(0, SHOWN)) console.error(problem);
      console.log(`${records.length} short links in ${connection.table}: ${problems.length} problems`);
      process.exitCode = problems.length > 0 ? 1 : 0;
      return;
    }
  }
}

try {
  await run();
} catch (error) {
  const refused = error instanceof TakedownRefused || error instanceof UnreadableFile;
  console.error(`shorturls ${command} ${refused ? 'refused' : 'failed'}: ${failureMessage(error, connection)}`);
  process.exitCode = 2;
} finally {
  connection.close();
}
