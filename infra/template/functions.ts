/** The template's functions as the build and the local runner need them. */
import { type LocalStack, resolveValue } from './evaluate';
import type { Template } from './read';

export interface BuildProperties {
  readonly Format?: 'esm' | 'cjs';
  readonly OutExtension?: readonly string[];
  readonly Platform?: 'node';
  readonly Target?: string;
  /** package.json fields to resolve packages by, comma-separated, as the SAM CLI takes them (`module,main`). */
  readonly MainFields?: string;
  readonly Minify?: boolean;
  readonly Sourcemap?: boolean;
  /** Modules replaced by others when bundling, `['module=./path', ...]` (esbuild's `--alias`). */
  readonly Alias?: readonly string[];
  readonly EntryPoints: readonly string[];
}

export interface FunctionDefinition {
  /** Logical id in the template, e.g. ErrorsFunction. */
  readonly id: string;
  /** The TypeScript source, from the esbuild entry point. */
  readonly entry: string;
  /** `errors.handler` → `handler`. */
  readonly exportName: string;
  /** `errors.mjs`, as SAM's esbuild build writes it. */
  readonly bundleName: string;
  readonly build: BuildProperties;
  readonly memoryMb: number;
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
        // Lambda's own default is 128 MB.
        memoryMb: Number(resource.Properties?.MemorySize ?? template.Globals?.Function?.MemorySize ?? 128),
      };
    });
}

/** The one MemorySize every function has (Globals unless its own); throws when they differ or there is none. */
export function memorySizeOf(template: Template): number {
  const sizes = [...new Set(functionsOf(template).map((fn) => fn.memoryMb))];
  if (sizes.length !== 1) throw new Error(`template.yaml's functions should have one MemorySize; they have ${sizes.join(', ') || 'none'}`);
  return sizes[0]!;
}

/** The functions' timeout (Globals). */
export function functionTimeoutSeconds(template: Template): number {
  return Number((template.Globals?.Function?.Timeout as number | undefined) ?? 10);
}

/** The environment variables template.yaml gives its functions, resolved for a local stack. */
export function functionEnvironment(template: Template, stack: LocalStack = {}): Record<string, string> {
  const sources = [
    template.Globals?.Function?.Environment,
    ...Object.values(template.Resources)
      .filter((resource) => resource.Type === 'AWS::Serverless::Function')
      .map((resource) => resource.Properties?.Environment),
  ];
  const env: Record<string, string> = {};
  for (const source of sources) {
    const variables = (source as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    for (const [name, value] of Object.entries(variables)) env[name] = String(resolveValue(template, value, stack));
  }
  return env;
}
