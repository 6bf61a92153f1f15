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
 *
 * Every action but export and audit is recorded, with --reason where given. Exit code 2 when
 * the command cannot run (no database, a file it cannot read, an unknown code or host).
 */
import { parseArgs } from 'node:util';
import { nowSeconds } from '../../lib/clock';
import { Blocklist } from '../../lib/shorturls/blocklist';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { readShortLinkHost } from '../../lib/shorturls/settings';
import { connectOrExit, failureMessage, SHORT_URLS } from '../gallery/connection';
import { streamProgress } from '../gallery/progress';
import { type Action, auditEntries, auditLine, recordAction, whoIsActing } from './audit';
import { exportLinks } from './export';
import { importLinks } from './importer';
import { readLinks, UnreadableFile } from './reading';
import { block, disable, enable, hostOf, TakedownRefused, unblock } from './takedown';

const USAGE = `usage: npm run shorturls -- import FILE | export FILE | disable CODE --reason TEXT | enable CODE | block HOST --reason TEXT | unblock HOST | audit`;
const SHOWN = 100;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { reason: { type: 'string' } } });
const [command, subject] = positionals;
const needs = { import: 1, export: 1, disable: 1, enable: 1, block: 1, unblock: 1, audit: 0 } as Record<string, number>;
if (command === undefined || needs[command] === undefined || positionals.length !== needs[command]! + 1) {
  console.error(USAGE);
  process.exit(2);
}
if ((command === 'disable' || command === 'block') && !values.reason) {
  console.error(`${command} needs --reason TEXT: the audit keeps why`);
  process.exit(2);
}

const connection = connectOrExit('shorturls', process.env, undefined, SHORT_URLS);
const target = { documents: connection.documents, table: connection.table };

/** The short-link host imported links are checked against: SHORT_URL_HOST, else npm start's. */
function shortLinkHost() {
  const local = connection.local ? { SHORT_URL_HOST: `http://127.0.0.1:${process.env.SHORT_PORT || 3001}` } : {};
  if (!connection.local && !process.env.SHORT_URL_HOST)
    throw new UnreadableFile(
      "set SHORT_URL_HOST to the stage's short-link origin (its stack's output ShortUrlHost): no link may lead to it",
    );
  return readShortLinkHost({ ...local, ...process.env });
}

/** Runs an operator's action, then records it (what it acted on: `on`) and says how it went. */
async function act(action: Action, on: string, run: () => Promise<string>): Promise<void> {
  const who = await whoIsActing(connection.local);
  const outcome = await run();
  await recordAction(target, {
    action,
    target: on,
    ...(values.reason ? { reason: values.reason } : {}),
    outcome,
    who,
    at: nowSeconds(),
  });
  console.log(outcome);
}

const takedown = async () => ({ reason: values.reason ?? '', at: nowSeconds(), by: await whoIsActing(connection.local) });

async function run(): Promise<void> {
  switch (command) {
    case 'import': {
      const lines = readLinks(subject!, shortLinkHost());
      const store = new DynamoShortUrlStore(connection.documents, connection.table);
      const blocklist = new Blocklist(() => store.blockedHosts());
      console.error(`Importing ${subject} into ${connection.table} at ${connection.endpoint}`);
      let refused = 0;
      await act('import', subject!, async () => {
        const summary = await importLinks(target, lines, { progress: streamProgress(), blocked: (link) => blocklist.blocks(link) });
        for (const { line, reason } of summary.refused.slice(0, SHOWN)) console.error(`${subject}:${line}: ${reason}`);
        if (summary.refused.length > SHOWN) console.error(`… and ${summary.refused.length - SHOWN} more refused lines`);
        refused = summary.refused.length;
        return `${summary.imported} imported (${summary.assigned} given a new itemid), ${summary.unchanged} already there, ${refused} lines refused, in ${summary.seconds.toFixed(1)} s`;
      });
      process.exitCode = refused > 0 ? 1 : 0;
      return;
    }
    case 'export':
      console.log(`${await exportLinks(target, subject!)} short links written to ${subject}`);
      return;
    case 'disable':
      return act('disable', subject!, async () => {
        await disable(target, subject!, await takedown());
        return `${subject} disabled: within a minute it answers 410 on the short-link host and 404 on lookup`;
      });
    case 'enable':
      return act('enable', subject!, async () => {
        await enable(target, subject!);
        return `${subject} enabled again`;
      });
    case 'block': {
      const host = hostOf(subject!);
      return act('block', host, async () => `${host} blocked; ${await block(target, host, await takedown())} short links to it disabled`);
    }
    case 'unblock': {
      const host = hostOf(subject!);
      return act('unblock', host, async () => `${host} unblocked; ${await unblock(target, host)} short links to it enabled again`);
    }
    case 'audit':
      for (const entry of await auditEntries(target)) console.log(auditLine(entry));
      return;
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
