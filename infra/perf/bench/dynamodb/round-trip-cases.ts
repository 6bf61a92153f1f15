/**
 * The calls the DynamoDB round-trips section times, each checking its answer: the DynamoDB
 * functions' bundled handlers (create new and existing URLs, lookup, redirect), the redirect
 * taken apart (its source unbundled, its UpdateItem alone) and bare UpdateItems, on the
 * DatabaseFloor bundle's client and on the project's shared one.
 */
import { pathToFileURL } from 'node:url';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ProjectDatabase, Seed } from '../setup/database';
import type { Case } from '../timing/interleave';
import { importHandler } from '../../../local/invoke';
import { benchContext, must } from '../setup/lambda';
import { CREATE, LOOKUP, REDIRECT } from '../setup/project';
import { eventFor, query, type Subjects } from '../setup/subjects';

/** The items the bare UpdateItem counts in, in the short-URLs table (no code or link has this key). */
const SCRATCH_KEY = { pk: 'bench#scratch' };
const SHARED_SCRATCH_KEY = { pk: 'bench#scratch-shared' };

type Result = APIGatewayProxyStructuredResultV2;

/** The cases, for `calls` calls each at most; `created`: the new URLs they make once all have run (one event each, used once). */
export async function roundTripCases(
  { all, databaseFloor }: Subjects,
  db: ProjectDatabase,
  seed: Seed,
  calls: number,
): Promise<{ cases: Case[]; created: number }> {
  const subject = (id: string) => all.find((s) => s.id === id)!;
  const context = new Map([CREATE, LOOKUP, REDIRECT].map((id) => [id, benchContext(id)]));
  const handlerCase = async (
    name: string,
    label: string,
    id: string,
    eventOf: (n: number) => APIGatewayProxyEventV2,
    status: number,
    firstCheck: (r: Result) => boolean,
  ): Promise<Case> => {
    const handler = await importHandler(subject(id).file, subject(id).exportName);
    return {
      name,
      label,
      call: async (n) => must(name, await handler(eventOf(n), context.get(id)!), status),
      first: async () => must(name, await handler(eventOf(-1), context.get(id)!), status, firstCheck),
    };
  };
  // The events, made beforehand: one per call for new links (the first call's is 0), one for each of the others.
  const tag = Date.now().toString(36);
  const create = subject(CREATE);
  const newEvents = Array.from({ length: calls + 1 }, (_, n) =>
    eventFor(create, undefined, `/url/short/create?${query(undefined)}&url=${encodeURIComponent(`https://bench.test/new/${tag}/${n}`)}`),
  );
  const [dedupEvent, lookupEvent, redirectEvent] = [CREATE, LOOKUP, REDIRECT].map((id) => eventFor(subject(id), undefined));
  const hasSeed = (r: Result) => (r.body ?? '').includes(`/${seed.code}`);
  // The redirect's source, run by tsx, on lib/db/client.ts's client: the handler without the bundle and its own client.
  const unbundledRedirect = await importHandler('functions/redirect.ts', 'handler');
  // The bare round trip on the DatabaseFloor bundle's client: a client of its own, as each function's bundle has.
  const { addOne } = (await import(pathToFileURL(databaseFloor.file).href)) as typeof import('../yardsticks/database-floor');
  const cases: Case[] = [
    await handlerCase(
      'create-new',
      'create, new URL (handler)',
      CREATE,
      (n) => newEvents[n + 1]!,
      200,
      (r) => !hasSeed(r) && (r.body ?? '').includes('bench.test/new/'),
    ),
    await handlerCase('create-dedup', 'create, existing URL (handler)', CREATE, () => dedupEvent!, 200, hasSeed),
    await handlerCase('lookup', 'lookup (handler)', LOOKUP, () => lookupEvent!, 200, hasSeed),
    await handlerCase(
      'redirect',
      'redirect (handler)',
      REDIRECT,
      () => redirectEvent!,
      301,
      (r) => r.headers?.Location === seed.link,
    ),
    {
      name: 'redirect-source',
      label: 'redirect, unbundled (functions/redirect.ts)',
      call: async () => must('redirect (unbundled)', await unbundledRedirect(redirectEvent!, context.get(REDIRECT)!), 301),
    },
    {
      name: 'count-view',
      label: "redirect's view alone (store.addView: one UpdateItem, sent once)",
      call: async () => {
        const view = await db.store.addView(seed.code);
        if (view.outcome !== 'counted' || view.link !== seed.link) throw new Error('addView did not find the seeded code');
      },
    },
    {
      name: 'bare-shared',
      label: 'bare UpdateItem, lib/db/client.ts (shared)',
      call: async () => {
        await db.documentClient.send(
          new UpdateCommand({
            TableName: db.table,
            Key: SHARED_SCRATCH_KEY,
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        );
      },
    },
    { name: 'bare', label: `bare UpdateItem (ADD n :one), ${databaseFloor.id}`, call: () => addOne(SCRATCH_KEY) },
  ];
  return { cases, created: newEvents.length };
}
