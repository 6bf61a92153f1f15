/** Template values as the offline checks (template-checks.ts and the files it gathers) read them. */
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
export const sameValue = (a: unknown, b: unknown) => show(a) === show(b);
export const isParameterRef = (template: Template, value: unknown) => template.Parameters?.[refOf(value) ?? ''] !== undefined;

/** An intrinsic function (`{ Ref: ... }`, `{ 'Fn::If': ... }`), which SAM's Globals take as one value. */
const isIntrinsic = (value: object) => {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0] === 'Condition' || keys[0]!.startsWith('Fn::'));
};

/**
 * Globals merged under a function's own as SAM merges maps (samtranslator's globals.py), key by
 * key; lists stay the function's own, so that a check can name them.
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

/** The HTTP API routes of the template, `<api> <routeKey>`, one per event. */
export const routeKeys = (template: Template): Array<{ fn: string; key: string; api: string | undefined }> =>
  httpApiEvents(template).map(({ fn, api, routeKey }) => ({ fn, api, key: `${api ?? '(implicit API)'} ${routeKey}` }));
