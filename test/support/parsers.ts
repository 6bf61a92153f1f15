/**
 * The real parsers every response type is checked with: a strict XML parser (saxes), PHP's own
 * unserialize() (PHP compiled to WebAssembly, which ./php-environment.ts provides), a JavaScript
 * engine (node:vm) for JSONP, and JSON.parse.
 */
import { runInNewContext } from 'node:vm';

// The smoke test's strict XML parser serves the tests too.
export { parseXml, type XmlElement } from '../../infra/ops/smoke/parsers';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export interface PhpAnswer {
  /** The unserialized value, objects as records with their class under `__class`. */
  readonly value?: unknown;
  /** What PHP's serialize() writes for that value. */
  readonly serialized?: string;
  readonly error?: string;
}

/** Unserializes each body with PHP, in one PHP request for the lot. */
export function unserializeAll(bodies: readonly string[]): PhpAnswer[] {
  if (!globalThis.unserializeWithPhp) throw new Error("PHP is missing: run the test in jest's environment test/support/php-environment.ts");
  const input = JSON.stringify(bodies.map((body) => Buffer.from(body, 'utf8').toString('base64')));
  // The answer is JSON text, parsed here so that its objects are this test file's own.
  return (JSON.parse(globalThis.unserializeWithPhp(input)) as PhpAnswer[]).map((answer) =>
    answer.serialized === undefined ? answer : { ...answer, serialized: Buffer.from(answer.serialized, 'base64').toString('utf8') },
  );
}

export function unserialize(body: string): PhpAnswer {
  return unserializeAll([body])[0]!;
}

export interface ScriptRun {
  /** The arguments of each call of the callback. */
  readonly calls: unknown[][];
  /** The messages of each alert(). */
  readonly alerts: unknown[];
}

/** Runs a Javascript body in a fresh JS context in which `callback` (dotted or not) is defined. */
export function runScript(body: string, callback = 'callback'): ScriptRun {
  const calls: unknown[][] = [];
  const alerts: unknown[] = [];
  const sandbox: Record<string, unknown> = { alert: (message: unknown) => alerts.push(message) };
  const names = callback.split('.');
  let holder = sandbox;
  names.slice(0, -1).forEach((name) => {
    holder[name] ??= {};
    holder = holder[name] as Record<string, unknown>;
  });
  holder[names[names.length - 1]!] = (...args: unknown[]) => calls.push(args);
  runInNewContext(body, sandbox, { timeout: 1000 });
  // Values made in another context have other prototypes; compare them as plain data.
  return JSON.parse(JSON.stringify({ calls, alerts })) as ScriptRun;
}
