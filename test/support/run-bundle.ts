/**
 * Invokes a built ES-module bundle's handler in a separate Node process, as the Lambda runtime
 * loads it (jest's module system cannot import ES modules).
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export interface BundleAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** What the bundle printed on stdout besides the answer: its log lines and EMF metrics. */
  readonly output: readonly string[];
}

const RUNNER = `
const [bundle, exportName] = process.argv.slice(1);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const handler = (await import(bundle))[exportName];
const answer = await handler(event, { awsRequestId: 'bundle-test', functionName: 'bundle-test' });
process.stdout.write('\\n' + JSON.stringify(answer));
`;

export function runBundle(file: string, exportName: string, event: unknown): BundleAnswer {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', RUNNER, pathToFileURL(file).href, exportName], {
    input: JSON.stringify(event),
  });
  // The answer is the last line; the bundle's own output (logs, metrics) comes before it.
  const lines = output.toString('utf8').split('\n');
  const answer = JSON.parse(lines.pop()!) as Omit<BundleAnswer, 'output'>;
  return { ...answer, output: lines.filter((line) => line !== '') };
}
