/**
 * Template values as the offline checks (template-checks.ts and the files it gathers) read them:
 * resources by type, lists, references, a function's properties as deployed and its routes.
 */
import type { Template } from '../../infra/template/read';
import { httpApiEvents } from '../../infra/template/routes';

export type Resource = Template['Resources'][string];
export type Check = (template: Template, options: { readonly root?: string }) => string[];

export const STAGES = ['staging', 'prod'];
export const ofType = (template: Template, type: string): Array<[string, Resource]> =>
  Object.entries(template.Resources ?? {}).filter(([, resource]) => resource?.Type === type);
export const functions = (template: Template) => ofType(template, 'AWS::Serverless::Function');
export const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
export const refOf = (value: unknown): string | undefined =>
  value !== null && typeof value === 'object' && 'Ref' in value ? String((value as { Ref: unknown }).Ref) : undefined;
export const getAttOf = (value: unknown): string[] | undefined =>
  value !== null && typeof value === 'object' && 'Fn::GetAtt' in value ? (value as { 'Fn::GetAtt': string[] })['Fn::GetAtt'] : undefined;
export const show = (value: unknown) => JSON.stringify(value);

/** An intrinsic function (`{ Ref: ... }`, `{ 'Fn::If': ... }`), which SAM's Globals take as one value. */
const isIntrinsic = (value: object) => {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0] === 'Condition' || keys[0]!.startsWith('Fn::'));
};

/**
 * A Globals value merged with a function's own as SAM merges maps (samtranslator's globals.py):
 * key by key, down to the values; any other value, an intrinsic function included, is the
 * function's own where it has one. (SAM would append a function's list to Globals' list; the
 * checks see a list of its own apart, to name it.)
 */
function mergeGlobal(global: unknown, own: unknown): unknown {
  if (own === undefined) return global;
  const isMap = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && !isIntrinsic(value);
  if (!isMap(global) || !isMap(own)) return own;
  const merged: Record<string, unknown> = { ...global };
  for (const [key, value] of Object.entries(own)) merged[key] = mergeGlobal(global[key], value);
  return merged;
}

/** Properties of a function as deployed: Globals.Function merged under its own, as SAM merges them. */
export function effectiveProperties(template: Template, id: string): Record<string, any> {
  return mergeGlobal(template.Globals?.Function ?? {}, template.Resources[id]?.Properties ?? {}) as Record<string, any>;
}

export const sameValue = (a: unknown, b: unknown) => show(a) === show(b);

export const isParameterRef = (template: Template, value: unknown) => {
  const ref = refOf(value);
  return ref !== undefined && template.Parameters?.[ref] !== undefined;
};

/** The HTTP API routes of the template, `<api> <routeKey>`, one per event, as listed. */
export function routeKeys(template: Template): Array<{ fn: string; key: string; api: string | undefined }> {
  return httpApiEvents(template).map(({ fn, api, routeKey }) => ({ fn, api, key: `${api ?? '(implicit API)'} ${routeKey}` }));
}
