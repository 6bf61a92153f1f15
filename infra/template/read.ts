/** Reads template.yaml, the one definition of the functions, their routes and the tables (./README.md). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import jsYaml, { CORE_SCHEMA, load, Type } from 'js-yaml';
import { expandForEach } from './for-each';

/** CloudFormation's short-form tags, read as the long forms they stand for. */
const INTRINSICS = 'Base64 Cidr Equals FindInMap GetAtt GetAZs If ImportValue Join Not And Or Select Split Sub Condition Ref'.split(' ');

const cloudFormationTags = INTRINSICS.flatMap((name) => {
  const key = name === 'Ref' || name === 'Condition' ? name : `Fn::${name}`;
  const construct = (value: unknown) => ({ [key]: name === 'GetAtt' && typeof value === 'string' ? value.split('.') : value });
  return (['scalar', 'sequence', 'mapping'] as const).map((kind) => new Type(`!${name}`, { kind, construct }));
});

/** YAML 1.2's core schema, with merge keys (`<<`; js-yaml exports the type, its typings omit it) and CloudFormation's tags. */
const { merge } = (jsYaml as unknown as { types: { merge: Type } }).types;
const TEMPLATE_SCHEMA = CORE_SCHEMA.extend({ implicit: [merge], explicit: cloudFormationTags });

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

export const PROJECT_ROOT = process.cwd();

const LOOPING_SECTIONS = ['Conditions', 'Resources', 'Outputs'];

/** The template as CloudFormation sees it: YAML merge keys merged, as the SAM CLI reads them, and its loops expanded. */
export function loadTemplate(file = resolve(PROJECT_ROOT, 'template.yaml')): Template {
  const parsed = load(readFileSync(file, 'utf8'), { schema: TEMPLATE_SCHEMA, filename: file });
  // Each alias its own copy, as in the template SAM builds: no value shared between two places.
  const template = JSON.parse(JSON.stringify(parsed)) as Record<string, unknown>;
  for (const section of LOOPING_SECTIONS) if (section in template) template[section] = expandForEach(template[section]);
  return template as unknown as Template;
}
