/**
 * Traffic through an outage (docs/design-notes.md, Faults and load): one client per kind of request, one request after the
 * other until stopped, so that a fault meets every kind in flight; an outage's phases last until what they are about has happened.
 */
import { performance } from 'node:perf_hooks';
import { pause } from '../../../lib/iso-time';
import { type Exchange, KINDS, type Kind, looksSuccessful, type MadeBefore, send } from './requests';

/** docs/design-notes.md, Faults: every answer comes before the functions' 10 s timeout (template.yaml). */
export const FUNCTION_TIMEOUT_MS = 10_000;
/** A phase waits for its fault to show this long: a request in flight, then the next, each within the timeout. */
const PHASE_BOUND_MS = 2 * FUNCTION_TIMEOUT_MS;
/** No rule: how long the test waits for every kind to succeed again (a just-started database on a busy machine). */
export const RECOVERY_WAIT_MS = 60_000;
/** One client per kind, each one request after the other; after a failed answer it waits a little. */
const CLIENTS = 6;
const FAILED_CLIENT_WAIT_MS = 20;

/** CLIENTS clients, one kind each so that a fault meets every kind in flight, until stopped; every exchange kept. */
class Traffic {
  readonly exchanges: Exchange[] = [];
  private stopping = false;
  private readonly clients: Promise<void>[];

  constructor(private readonly made: MadeBefore) {
    this.clients = Array.from({ length: CLIENTS }, (_, client) => this.client(KINDS[client % KINDS.length]!));
  }

  private async client(kind: Kind): Promise<void> {
    for (let n = 0; !this.stopping; n++) {
      const exchange = await send(this.made, kind, n);
      this.exchanges.push(exchange);
      // Not a tight loop on a failing service, yet dense traffic: the restarting database needs some CPU.
      if (!looksSuccessful(exchange)) await pause(FAILED_CLIENT_WAIT_MS);
    }
  }

  /** Waits until `done` holds of the exchanges so far, or `boundMs` has passed (the test's checks then fail). */
  async until(done: (exchanges: readonly Exchange[]) => boolean, boundMs = PHASE_BOUND_MS): Promise<void> {
    const deadline = performance.now() + boundMs;
    while (!done(this.exchanges) && performance.now() < deadline) await pause(20);
  }

  async stop(): Promise<Exchange[]> {
    this.stopping = true;
    await Promise.all(this.clients);
    return this.exchanges;
  }
}

/** One outage under traffic (performance.now()): the fault made, recovery started, the database listening again. */
export interface Outage {
  readonly faultAt: number;
  readonly restartAt: number;
  readonly backAt: number;
  readonly exchanges: readonly Exchange[];
}

export interface OutagePhases {
  readonly fault: () => Promise<void>;
  readonly shown: (exchanges: readonly Exchange[], faultAt: number) => boolean;
  readonly recover: () => Promise<unknown>;
}

/** The kinds that answered success to a request sent at `since` or later. */
const succeededSince = (exchanges: readonly Exchange[], since: number): Set<Kind> =>
  new Set(exchanges.filter((e) => e.startedAt >= since && looksSuccessful(e)).map((e) => e.kind));

/** Outages one after the other on what the file made before them; the traffic running now, if any, stopped by `stop`. */
export class Outages {
  private traffic: Traffic | undefined;

  constructor(private readonly made: MadeBefore) {}

  /** Traffic through a fault: made once every kind succeeded, recovered once `shown` holds, run until every kind succeeds again. */
  async run(phases: OutagePhases): Promise<Outage> {
    const traffic = new Traffic(this.made);
    this.traffic = traffic;
    const startedAt = performance.now();
    await traffic.until((exchanges) => succeededSince(exchanges, startedAt).size === KINDS.length);
    await phases.fault();
    const faultAt = performance.now();
    await traffic.until((exchanges) => phases.shown(exchanges, faultAt));
    const restartAt = performance.now();
    await phases.recover();
    const backAt = performance.now();
    await traffic.until((exchanges) => succeededSince(exchanges, backAt).size === KINDS.length, RECOVERY_WAIT_MS);
    const exchanges = await traffic.stop();
    this.traffic = undefined;
    return { faultAt, restartAt, backAt, exchanges };
  }

  /** Stops the traffic running now (afterAll, should a test fail midway). */
  async stop(): Promise<void> {
    await this.traffic?.stop();
  }
}
