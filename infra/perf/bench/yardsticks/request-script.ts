/**
 * The DynamoDB requests a function sent in one cold start, as its request floor replays them
 * (./request-floor.ts): in rounds, a round being the requests sent before any of them was
 * answered; the bench records them (../cold-start/request-floors.ts).
 */

/** The operations the functions send (X-Amz-Target's last part): those a request floor can replay. */
export const OPERATIONS = ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem', 'PutItem', 'DeleteItem', 'TransactWriteItems'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** What the recording proxy saw, in order: a request (its operation and JSON body) or an answer going back. */
export type Exchange = { readonly request: string; readonly body: unknown } | { readonly answer: true };

export interface ScriptedRequest {
  readonly operation: Operation;
  /** The body as sent: DynamoDB's own JSON, items typed (`{ "S": "…" }`). */
  readonly input: Record<string, unknown>;
}

/** Rounds of requests: each round's sent at once, the next once they have all answered. */
export type RequestScript = readonly (readonly ScriptedRequest[])[];

const isOperation = (name: string): name is Operation => (OPERATIONS as readonly string[]).includes(name);

/** The script of what a function sent; an operation a request floor cannot replay is refused. */
export function scriptOf(exchanges: readonly Exchange[]): RequestScript {
  const rounds: ScriptedRequest[][] = [];
  let answeredSinceRound = true;
  for (const exchange of exchanges) {
    if ('answer' in exchange) {
      answeredSinceRound = true;
      continue;
    }
    if (!isOperation(exchange.request)) throw new Error(`a request floor cannot replay ${exchange.request}`);
    if (answeredSinceRound) rounds.push([]);
    answeredSinceRound = false;
    rounds.at(-1)!.push({ operation: exchange.request, input: exchange.body as Record<string, unknown> });
  }
  return rounds;
}

/** How many requests a script sends. */
export const requestsOf = (script: RequestScript): number => script.reduce((sum, round) => sum + round.length, 0);

/** A script in a line: its rounds' operations, `Query + BatchGetItem, then BatchGetItem`. */
export const describeScript = (script: RequestScript): string =>
  script.map((round) => round.map((r) => r.operation).join(' + ')).join(', then ') || 'none';
