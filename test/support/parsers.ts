/** The real parsers: the smoke test's (saxes, node:vm), JSON.parse, and PHP's own unserialize() (WebAssembly), which smoke tests lack. */
import { parseXml, runScript } from '../../infra/ops/smoke/parsers';

export { parseXml, runScript, type ScriptRun, type XmlElement } from '../../infra/ops/smoke/parsers';
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
/** `value`: the unserialized value, objects as records with their class under `__class`; `serialized`: PHP's serialize() of it. */
export type PhpAnswer = Readonly<{ value?: unknown; serialized?: string; error?: string }>;

/** Unserializes each body with PHP, in one PHP request for the lot. */
export function unserializeAll(bodies: readonly string[]): PhpAnswer[] {
  if (!globalThis.unserializeWithPhp) throw new Error("PHP is missing: run the test in jest's environment test/support/php-environment.ts");
  const input = JSON.stringify(bodies.map((body) => Buffer.from(body, 'utf8').toString('base64')));
  // The answer is JSON text, parsed here so that its objects are this test file's own.
  return (JSON.parse(globalThis.unserializeWithPhp(input)) as PhpAnswer[]).map((answer) =>
    answer.serialized === undefined ? answer : { ...answer, serialized: Buffer.from(answer.serialized, 'base64').toString('utf8') },
  );
}

export const unserialize = (body: string): PhpAnswer => unserializeAll([body])[0]!;

/** Decodes a response body with the real parser its Content-Type names. */
export function decode(contentType: string | undefined, body: string, callback = 'callback') {
  switch ((contentType ?? '').split(';')[0]) {
    case 'text/xml':
      return { type: 'xml', root: parseXml(body) } as const;
    case 'application/json':
      return { type: 'json', value: JSON.parse(body) as unknown } as const;
    case 'text/javascript':
      return { type: 'javascript', ...runScript(body, callback) } as const;
    case 'application/php': {
      const answer = unserialize(body);
      if (answer.error) throw new Error(`PHP could not unserialize: ${body.slice(0, 200)}`);
      return { type: 'php', value: answer.value, serialized: answer.serialized } as const;
    }
    default:
      throw new Error(`unexpected Content-Type ${contentType}`);
  }
}

export type Decoded = ReturnType<typeof decode>;
