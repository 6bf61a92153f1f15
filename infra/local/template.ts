/**
 * Reads template.yaml, the one definition of the functions and their routes; the local runner,
 * the build, the benchmarks and the tests all take them from here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, type Tags } from 'yaml';

/** CloudFormation's short-form tags, read as the long forms they stand for. */
const INTRINSICS = [
  'Base64',
  'Cidr',
  'Equals',
  'FindInMap',
  'GetAtt',
  'GetAZs',
  'If',
  'ImportValue',
  'Join',
  'Not',
  'And',
  'Or',
  'Select',
  'Split',
  'Sub',
  'Condition',
  'Ref',
];

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
  readonly Parameters?: Record<string, { Default?: string | number }>;
  readonly Conditions?: Record<string, unknown>;
  readonly Rules?: Record<string, { RuleCondition?: unknown; Assertions: Array<{ Assert: unknown; AssertDescription?: string }> }>;
  readonly Outputs?: Record<string, { Description?: string; Value: unknown; Condition?: string }>;
  readonly Globals?: { Function?: Record<string, unknown> };
  readonly Resources: Record<
    string,
    {
      Type: string;
      Condition?: string;
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
      Properties?: Record<string, any>;
      Metadata?: Record<string, any>;
    }
  >;
}

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
  /** The exported name the handler names (`errors.handler` → `handler`). */
  readonly exportName: string;
  /** The bundle's file name as SAM's esbuild build writes it (`errors.mjs`). */
  readonly bundleName: string;
  readonly build: BuildProperties;
  /** Its MemorySize (Globals unless its own), which its Lambda context reports. */
  readonly memoryMb: number;
}

export interface Route {
  /** Logical id of the HTTP API the route belongs to (`Api`, `ShortApi`). */
  readonly api: string;
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
        // Lambda's own default is 128 MB.
        memoryMb: Number(resource.Properties?.MemorySize ?? template.Globals?.Function?.MemorySize ?? 128),
      };
    });
}

/** One HttpApi event of a function as declared, with the route key API Gateway gives it. */
export interface HttpApiEvent {
  /** Logical id of the function. */
  readonly fn: string;
  /** Logical id of the HTTP API its ApiId refers to; undefined for SAM's implicit API. */
  readonly api: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly routeKey: string;
}

/**
 * The functions' HttpApi events, one per event, as listed. Reads nothing else of a function, so
 * that the offline checks (./template-checks.ts) can run it on a broken template too.
 */
export function httpApiEvents(template: Template): HttpApiEvent[] {
  return Object.entries(template.Resources ?? {})
    .filter(([, resource]) => resource?.Type === 'AWS::Serverless::Function')
    .flatMap(([id, resource]) =>
      Object.values<any>(resource.Properties?.Events ?? {})
        .filter((event) => event?.Type === 'HttpApi')
        .map((event): HttpApiEvent => {
          const apiId = event.Properties?.ApiId;
          const api = apiId !== null && typeof apiId === 'object' && 'Ref' in apiId ? String(apiId.Ref) : undefined;
          const method = String(event.Properties?.Method ?? 'ANY').toUpperCase();
          const path: string = event.Properties?.Path ?? '$default';
          return { fn: id, api, method, path, routeKey: path === '$default' ? '$default' : `${method} ${path}` };
        }),
    );
}

export function routesOf(template: Template): Route[] {
  const byId = new Map(functionsOf(template).map((fn) => [fn.id, fn]));
  return httpApiEvents(template).map(({ fn, api, method, path, routeKey }) => ({
    api: api ?? 'ServerlessHttpApi',
    method,
    path,
    routeKey,
    fn: byId.get(fn)!,
  }));
}

/** The functions' timeout (Globals), which the local server gives each invocation's context. */
export function functionTimeoutSeconds(template: Template): number {
  return Number((template.Globals?.Function?.Timeout as number | undefined) ?? 10);
}

/** What the local stack stands in for: parameters at their defaults unless overridden, a local region. */
export interface LocalStack {
  readonly parameters?: Readonly<Record<string, string>>;
  readonly region?: string;
}

/** The account of a local stack: AWS's documentation example, which no real account has. */
export const PSEUDO_ACCOUNT_ID = '123456789012';

const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::AccountId': PSEUDO_ACCOUNT_ID,
  'AWS::Partition': 'aws',
  'AWS::StackName': 'local',
  'AWS::URLSuffix': 'amazonaws.com',
};

/**
 * Resolves the intrinsic functions the templates use (Ref, Fn::Sub, Fn::If, Fn::Equals, Fn::Not,
 * Fn::And, Fn::Or, Fn::GetAtt) as CloudFormation would for a local stack; a table's or a log
 * group's Ref is its name, a managed policy's its ARN.
 */
export function resolveValue(template: Template, value: unknown, stack: LocalStack = {}): unknown {
  const again = (inner: unknown) => resolveValue(template, inner, stack);
  const ref = (name: string): string => {
    if (name === 'AWS::Region') return stack.region ?? 'us-east-1';
    if (name in PSEUDO_PARAMETERS) return PSEUDO_PARAMETERS[name]!;
    if (stack.parameters?.[name] !== undefined) return stack.parameters[name]!;
    const parameter = template.Parameters?.[name];
    if (parameter) return String(parameter.Default ?? '');
    // SAM's referenceable property of an HTTP API: the name of the stage it makes.
    const stageOf = name.endsWith('.Stage') ? template.Resources[name.slice(0, -'.Stage'.length)] : undefined;
    if (stageOf) return String(stageOf.Properties?.StageName ?? '$default');
    const resource = template.Resources[name];
    if (resource?.Type === 'AWS::DynamoDB::Table') return String(again(resource.Properties?.TableName));
    if (resource?.Type === 'AWS::Logs::LogGroup') return String(again(resource.Properties?.LogGroupName));
    if (resource?.Type === 'AWS::IAM::ManagedPolicy')
      return `arn:${ref('AWS::Partition')}:iam::${ref('AWS::AccountId')}:policy/${again(resource.Properties?.ManagedPolicyName)}`;
    if (resource) return name;
    throw new Error(`template.yaml refers to ${name}, which it does not define`);
  };
  if (value === null || typeof value !== 'object') return value;
  // AWS::NoValue resolves to undefined, which removes the list item or property holding it.
  if (Array.isArray(value)) return value.map(again).filter((item) => item !== undefined);
  const record = value as Record<string, unknown>;
  const [key] = Object.keys(record);
  const argument = key === undefined ? undefined : record[key];
  switch (key) {
    case 'Ref':
      return argument === 'AWS::NoValue' ? undefined : ref(String(argument));
    case 'Fn::Sub':
      return String(argument).replace(/\$\{([^}]+)\}/g, (_, name: string) => (name.includes('.') ? `arn:local:${name}` : ref(name)));
    case 'Fn::GetAtt':
      return `arn:local:${(argument as string[]).join('.')}`;
    case 'Fn::Equals': {
      const [a, b] = (argument as unknown[]).map(again);
      return a === b;
    }
    case 'Fn::Not':
      return !again((argument as unknown[])[0]);
    case 'Fn::And':
      return (argument as unknown[]).every((inner) => again(inner) === true);
    case 'Fn::Or':
      return (argument as unknown[]).some((inner) => again(inner) === true);
    case 'Condition':
      return again(template.Conditions?.[String(argument)]);
    case 'Fn::If': {
      const [condition, ifTrue, ifFalse] = argument as [string, unknown, unknown];
      return again(template.Conditions?.[condition]) ? again(ifTrue) : again(ifFalse);
    }
    default:
      return Object.fromEntries(
        Object.entries(record)
          .map(([name, inner]) => [name, again(inner)] as const)
          .filter(([, inner]) => inner !== undefined),
      );
  }
}

/**
 * The environment variables template.yaml gives its functions (Globals and each function's
 * own), resolved for a local stack. Functions that share a variable give it the same value.
 */
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

/** The DynamoDB tables of the template, with their properties resolved for a local stack. */
export function tablesOf(template: Template, stack: LocalStack = {}): Array<{ id: string; properties: Record<string, any> }> {
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table')
    .map(([id, resource]) => ({ id, properties: resolveValue(template, resource.Properties, stack) as Record<string, any> }));
}

/** Whether a condition of the template holds for a local stack. */
export function conditionHolds(template: Template, condition: string, stack: LocalStack = {}): boolean {
  if (!template.Conditions || !(condition in template.Conditions)) throw new Error(`template.yaml has no condition ${condition}`);
  return resolveValue(template, { Condition: condition }, stack) === true;
}

/** The resources a stack with these parameters would have: those without a condition, or whose condition holds. */
export function resourcesFor(template: Template, stack: LocalStack = {}): string[] {
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Condition === undefined || conditionHolds(template, resource.Condition, stack))
    .map(([id]) => id);
}

/** The descriptions of the template's Rules assertions that fail for these parameters (CloudFormation refuses such a stack). */
export function failedRules(template: Template, stack: LocalStack = {}): string[] {
  return Object.entries(template.Rules ?? {}).flatMap(([name, rule]) =>
    rule.RuleCondition !== undefined && resolveValue(template, rule.RuleCondition, stack) !== true
      ? []
      : rule.Assertions.filter((assertion) => resolveValue(template, assertion.Assert, stack) !== true).map(
          (assertion) => `${name}: ${assertion.AssertDescription ?? 'assertion fails'}`,
        ),
  );
}
