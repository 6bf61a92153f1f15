/**
 * docs/openapi.yaml as the tests read it (test/integration/openapi-*.test.ts): the parsed document,
 * its local `$ref`s followed, and the API host's paths.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { PROJECT_ROOT } from '../../infra/template/read';

export type Json = any;

export const doc: Json = load(readFileSync(resolve(PROJECT_ROOT, 'docs/openapi.yaml'), 'utf8'));

/** The API host's paths; the short-link host's are on paths with a `servers` override. */
export const API_PATHS = Object.keys(doc.paths).filter((path) => !doc.paths[path].servers);

/** Follows a local `$ref` (`#/components/...`) once, if there is one. */
export function deref(value: Json): Json {
  if (!value || typeof value.$ref !== 'string') return value;
  const ref: string = value.$ref;
  if (!ref.startsWith('#/')) throw new Error(`non-local $ref ${ref}`);
  const keys = ref.slice(2).split('/');
  return keys.reduce((node: Json, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}
