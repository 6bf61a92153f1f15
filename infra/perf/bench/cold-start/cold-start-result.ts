/** What one cold start's child process reports (./cold-start.ts), and what a subject checks it by (../setup/subjects.ts). */
export interface ColdStart {
  readonly importNs: number;
  readonly firstRequestNs: number;
  /** From the process's start (Node's own start included) to the answer: what a user waits for. */
  readonly processNs: number;
  readonly statusCode: number;
  readonly contentType: string | undefined;
  /** The Location header (redirects). */
  readonly location: string | undefined;
  readonly bodyBytes: number;
  /** The process's peak resident memory, KB: what a memory size must hold. */
  readonly maxRssKb: number;
}
