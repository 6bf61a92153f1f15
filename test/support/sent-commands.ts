/** What a document client sends while code runs: the commands in order, their inputs, when each was sent and answered. */
import type { BatchGetCommandInput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export async function sentWhile<T>(documents: DynamoDBDocumentClient, run: () => Promise<T>) {
  const events: string[] = [];
  const original = documents.send.bind(documents);
  const send = jest.spyOn(documents, 'send').mockImplementation(((command: { constructor: { name: string } }, ...rest: unknown[]) => {
    const name = command.constructor.name.replace(/Command$/, '');
    events.push(`sent ${name}`);
    return (original as (...args: unknown[]) => Promise<unknown>)(command, ...rest).finally(() => events.push(`answered ${name}`));
  }) as never);
  try {
    const result = await run();
    const commands = send.mock.calls.map(([command]) => command);
    return { result, sent: commands.map((command) => command.constructor.name), events, inputs: commands.map((command) => command.input) };
  } finally {
    send.mockRestore();
  }
}

/** The `pk`s a BatchGetItem's input asks for (none for another command's). */
export const batchKeys = (input: unknown): string[] =>
  Object.values((input as BatchGetCommandInput).RequestItems ?? {}).flatMap((request) => (request.Keys ?? []).map((key) => String(key.pk)));
