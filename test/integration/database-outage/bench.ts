/**
 * What the outage test's four tests share (docs/design-notes.md, Faults and load): a DynamoDB Local of the file's own, its
 * data in a temporary directory so that a restart keeps it; the functions loaded once against it, each attempt of their
 * clients recorded; the traffic; and what was made before any fault and answered since, which later tests read.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type DynamoDbLocal, freePort, startDynamoDbLocal } from '../../../infra/dynamodb/local';
import { ensureTables } from '../../../infra/dynamodb/made-tables';
import { loadTemplate } from '../../../infra/template/read';
import type { TestPhoto } from '../../support/gallery-fixtures';
import { invoke } from '../../support/invoke';
import type { followViews } from '../../support/views-sent';
import { type Answered, checkAnswers } from './answers';
import { createTarget, type Exchange, type Kind, send, WINDOW_START } from './requests';
import { type OutagePhases, Outages } from './traffic';
import type { ShortUrlValue } from '../../../lib/resources/short-urls';
import { theShortUrl } from '../../support/short-url-answer';

/** Rate limits the traffic never reaches (5 000 a second): this file is about the database, not the limiter. */
const FILE_ENV = { RATE_LIMIT_PER_APP_KEY: '5000', RATE_LIMIT_PER_CLIENT_IP: '5000', RATE_LIMIT_WINDOW_SECONDS: '1' };

/** An attempt the functions' clients sent: when, and how it ended (an error's code or name). */
export type Attempt = { readonly startedAt: number; readonly outcome: string };

/** Records each attempt inside the SDK's retries, where a refusal or a timeout is seen. */
function recordAttempts(client: DynamoDBDocumentClient, attempts: Attempt[]): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const startedAt = performance.now();
      try {
        const result = await next(args);
        attempts.push({ startedAt, outcome: 'answered' });
        return result;
      } catch (error) {
        const { code, name } = error as { code?: string; name?: string };
        attempts.push({ startedAt, outcome: code ?? name ?? 'failed' });
        throw error;
      }
    },
    { step: 'deserialize', name: 'outage-attempts' },
  );
}

/** What the tests read of the functions loaded: the test's own client of the database, theirs, the store whose views are followed. */
export interface Loaded {
  readonly checkClient: DynamoDBDocumentClient;
  readonly functionsClient: DynamoDBDocumentClient;
  readonly storePrototype: Parameters<typeof followViews>[0];
}

/** Made by the test file; its arrow members are meant to be taken out of it and called alone. */
export class OutageBench {
  /** Short URLs made before any fault, and the photos: what the requests ask for. */
  readonly shortenedBefore: ShortUrlValue[] = [];
  readonly photos: TestPhoto[] = [];
  readonly answered: Answered = { created: [], visits: [] };
  readonly attempts: Attempt[] = [];
  private readonly outages = new Outages(this);
  private place: { readonly dataDirectory: string; readonly port: number } | undefined;
  private databaseClient: DynamoDBClient | undefined;
  private readonly savedEnv: Record<string, string | undefined> = {};

  /** Java's quick compiler only: a restarted database must answer well from the first second (infra/dynamodb/local.ts). */
  readonly startDatabase = async (): Promise<DynamoDbLocal> => {
    this.place ??= { dataDirectory: mkdtempSync(join(tmpdir(), 'database-outage-')), port: await freePort() };
    return startDynamoDbLocal({ ...this.place, quickCompiler: true });
  };

  readonly send = (kind: Kind, n: number): Promise<Exchange> => send(this, kind, n);
  readonly outage = (phases: OutagePhases) => this.outages.run(phases);
  readonly checkAnswers = (exchanges: readonly Exchange[]): Exchange[] => checkAnswers(this, this.answered, exchanges);

  /** The tables on the database at `endpoint`, the functions loaded against it, the photos and short URLs made before any fault. */
  async setUp(endpoint: string): Promise<Loaded> {
    this.databaseClient = new DynamoDBClient({ endpoint });
    await ensureTables(this.databaseClient, loadTemplate());

    // The functions' one document client takes the endpoint of its first load: set it first, then import.
    for (const [name, value] of Object.entries({ ...FILE_ENV, AWS_ENDPOINT_URL_DYNAMODB: endpoint })) {
      this.savedEnv[name] = process.env[name];
      process.env[name] = value;
    }
    const gallery = await import('../../support/gallery-fixtures');
    const clients = await import('../../../lib/db/client');
    recordAttempts(clients.documentClient, this.attempts);
    recordAttempts(clients.singleAttemptClient(), this.attempts);
    const storePrototype = (await import('../../../lib/shorturls/dynamodb')).DynamoShortUrlStore.prototype;

    const data = new gallery.GalleryData();
    this.photos.push(...[0, 1, 2, 3, 4].map((day) => data.photo(WINDOW_START + day * 86_400 + 3_600)));
    await data.save();
    for (let i = 0; i < 4; i++)
      this.shortenedBefore.push(theShortUrl(await invoke(createTarget(`https://outage.test/before/${randomUUID()}`, 'json'))));
    return { checkClient: DynamoDBDocumentClient.from(this.databaseClient), functionsClient: clients.documentClient, storePrototype };
  }

  /** Stops the traffic (should a test fail midway) and `database`, removes its data, puts the environment back. */
  async tearDown(database: DynamoDbLocal | undefined): Promise<void> {
    await this.outages.stop();
    this.databaseClient?.destroy();
    await database?.stop();
    if (this.place) rmSync(this.place.dataDirectory, { recursive: true, force: true });
    for (const [name, value] of Object.entries(this.savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
