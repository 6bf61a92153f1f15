/**
 * Reads template.yaml, the one definition of the functions and their routes; the local runner,
 * the build, the benchmarks and the tests all take them from here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, type Tags } from 'yaml';

/** CloudFormation's short-form tags, read as the long forms they stand for. */
const INTRINSICS = ['Base64', 'Cidr', 'Equals', 'FindInMap', 'GetAtt', 'GetAZs', 'If', 'ImportValue', 'Join', 'Not', 'And', 'Or', 'Select', 'Split', 'Sub', 'Condition', 'Ref'];

const cloudFormationTags: Tags = INTRINSICS.flatMap((name) => {
  const key = name === 'Ref' || name === 'Condition' ? name : `Fn::${name}`;
  const wrap = (value: unknown) => ({ [key]: name === 'GetAtt' && typeof value === 'string' ? value.split('.') : value });
  return (['scalar', 'seq', 'map'] as const).map((nodeClass) => ({
    tag: `!${name}`,
    collection: nodeClass === 'scalar' ? undefined : nodeClass,
    resolve: (value: unknown) => wrap(nodeClass === 'scalar' ? value : (value as { toJSON(): unknown }).toJSON()),
  })) as Tags;
});

export interface Template {
  readonly Parameters?: Record<string, { Default?: string }>;
  readonly Globals?: { Function?: Record<string, unknown> };
  readonly Resources: Record<string, { Type: string; Properties?: Record<string, any>; Metadata?: Record<string, any> }>;
}

export interface BuildProperties {
  readonly Format?: 'esm' | 'cjs';
  readonly OutExtension?: readonly string[];
  readonly Platform?: 'node';
  readonly Target?: string;
  readonly Minify?: boolean;
  readonly Sourcemap?: boolean;
  readonly Banner?: readonly string[];
  readonly EntryPoints: readonly string[];
}

export interface FunctionDefinition {
  /** Logical id in the template, e.g. ErrorsFunction. */
  readonly id: string;
  /** The TypeScript source, from the esbuild entry point. */
  readonly entry: string;
  /** The exported name the handler names (`errors.handler` → `handler`). */
  readonly exportName: string;
  /** The bundle's file name as SAM's esbuild build writes it (`errors.mjs`). */
  readonly bundleName: string;
  readonly build: BuildProperties;
}

export interface Route {
  /** `GET`, `ANY`, ... ; `ANY` for the default route. */
  readonly method: string;
  /** `/error/{code}`; `$default` for the route that takes everything else. */
  readonly path: string;
  readonly routeKey: string;
  readonly fn: FunctionDefinition;
}

export const PROJECT_ROOT = process.cwd();

export function loadTemplate(file = resolve(PROJECT_ROOT, 'template.yaml')): Template {
  return parse(readFileSync(file, 'utf8'), { customTags: cloudFormationTags, merge: false }) as Template;
}

function outExtension(build: BuildProperties): string {
  const mapping = build.OutExtension?.find((item) => item.startsWith('.js='));
  return mapping ? mapping.slice('.js='.length) : '.js';
}

export function functionsOf(template: Template): FunctionDefinition[] {
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Serverless::Function')
    .map(([id, resource]) => {
      const build = resource.Metadata?.BuildProperties as BuildProperties;
      const handler = String(resource.Properties?.Handler);
      const dot = handler.lastIndexOf('.');
      return {
        id,
        entry: build.EntryPoints[0]!,
        exportName: handler.slice(dot + 1),
        bundleName: handler.slice(0, dot) + outExtension(build),
        build,
      };
    });
}

export function routesOf(template: Template): Route[] {
  const byId = new Map(functionsOf(template).map((fn) => [fn.id, fn]));
  return Object.entries(template.Resources).flatMap(([id, resource]) =>
    Object.values<{ Type: string; Properties?: { Method?: string; Path?: string } }>(resource.Properties?.Events ?? {})
      .filter((event) => event.Type === 'HttpApi')
      .map((event) => {
        const method = (event.Properties?.Method ?? 'ANY').toUpperCase();
        const path = event.Properties?.Path ?? '$default';
        return { method, path, routeKey: path === '$default' ? '$default' : `${method} ${path}`, fn: byId.get(id)! };
      }),
  );
}

/** Environment variables the template sets for every function, with parameters at their defaults. */
export function defaultEnvironment(template: Template): Record<string, string> {
  const variables = (template.Globals?.Function?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) {
    const ref = (value as { Ref?: string })?.Ref;
    env[name] = ref !== undefined ? String(template.Parameters?.[ref]?.Default ?? '') : String(value);
  }
  return env;
}
