/** What one cold start's child process reports (../../../local/bundle-host.mjs, on its last line), and what a subject checks it by (../setup/subjects.ts). */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export interface ColdStart {
  readonly importNs: number;
  readonly firstRequestNs: number;
  /** From the process's start (Node's own start included) to the answer: what a user waits for. */
  readonly processNs: number;
  /** The process's peak resident memory, KB: what a memory size must hold. */
  readonly maxRssKb: number;
  readonly answer: APIGatewayProxyStructuredResultV2;
}
