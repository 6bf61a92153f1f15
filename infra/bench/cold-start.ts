/**
 * Cold start of one bundle, as Lambda's Node runtime does it: a fresh Node process imports the
 * handler's module and invokes it once. Timed inside the child with process.hrtime from just
 * before `import()` to the resolution of the handler's promise; Node's own start is excluded.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Runs in the child (`node --input-type=module -e`); argv: bundle URL, export, event JSON, name. */
const CHILD = `
const [bundleUrl, exportName, eventJson, functionName] = process.argv.slice(1);
const event = JSON.parse(eventJson);
const deadline = Date.now() + 10000;
const context = {
  callbackWaitsForEmptyEventLoop: false, functionName, functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:123456789012:function:' + functionName,
  memoryLimitInMB: '256', awsRequestId: 'bench-cold', logGroupName: '/aws/lambda/' + functionName,
  logStreamName: 'bench', getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  done() {}, fail() {}, succeed() {},
};
const t0 = process.hrtime.bigint();
const module = await import(bundleUrl);
const t1 = process.hrtime.bigint();
const result = await module[exportName](event, context);
const t2 = process.hrtime.bigint();
process.stdout.write(JSON.stringify({
  importNs: Number(t1 - t0), firstRequestNs: Number(t2 - t1),
  statusCode: result.statusCode, contentType: result.headers?.['Content-Type'], location: result.headers?.Location,
  bodyBytes: (result.body ?? '').length,
}));
`;

/** The end of a child's stderr: a stack trace quotes the minified line it failed in, whole. */
const tail = (text: string): string =>
  text
    .trim()
    .split('\n')
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .slice(-20)
    .join('\n');

const CHILD_TIMEOUT_MS = 20_000;

export interface ColdStart {
  readonly importNs: number;
  readonly firstRequestNs: number;
  readonly statusCode: number;
  readonly contentType: string | undefined;
  /** The Location header (redirects). */
  readonly location: string | undefined;
  readonly bodyBytes: number;
}

/**
 * One cold start of `bundle` in a fresh process of the running Node (process.execPath), with
 * `env` as its whole environment, as a Lambda function's container has only its own variables.
 */
export function coldStart(
  bundle: string,
  exportName: string,
  event: APIGatewayProxyEventV2,
  functionName: string,
  env: Record<string, string>,
): Promise<ColdStart> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CHILD, pathToFileURL(bundle).href, exportName, JSON.stringify(event), functionName],
      // Bounded: a child that hangs (an open handle after the answer) is killed, and fails the run.
      { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: CHILD_TIMEOUT_MS },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`cold start of ${functionName} exited with ${code ?? 'a signal (timed out?)'}: ${tail(stderr)}`));
        return;
      }
      try {
        resolveRun(JSON.parse(stdout) as ColdStart);
      } catch {
        reject(new Error(`cold start of ${functionName} printed ${JSON.stringify(stdout.slice(0, 500))} ${tail(stderr)}`));
      }
    });
  });
}
