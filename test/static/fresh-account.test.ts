/**
 * A fresh account: template.yaml with its defaults needs nothing outside the stack but AWS's own (managed
 * policies); no account, imported output or resolved secret. What it uses of an account comes as a parameter.
 */
import { readFileSync } from 'node:fs';
import { loadTemplate } from '../../infra/template/read';
import { PSEUDO_ACCOUNT_ID, resolveValue } from '../../infra/template/evaluate';

const template = loadTemplate();
/** The roles' permissions boundary, a parameter (docs/deploy.md). */
const BOUNDARY_PARAMETER = 'FunctionPermissionsBoundary';
const STAGES = ['staging', 'prod'];

/** Every string of the template's resources, globals and outputs, rendered for a stage with the defaults. */
function renderedStrings(stage: string): string[] {
  const { Globals, Resources, Outputs } = template;
  const rendered = resolveValue(template, { Globals, Resources, Outputs }, { parameters: { Stage: stage }, region: 'eu-west-1' });
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(rendered);
  return strings;
}

describe.each(STAGES)('template.yaml in a fresh account, %s with the defaults', (stage) => {
  const strings = renderedStrings(stage);
  const arns = strings.flatMap((value) => [...value.matchAll(/arn:[^\s"',\]]*/g)].map((match) => match[0]));

  test('has ARNs, so that the check below looks at something', () => {
    expect(arns.length).toBeGreaterThan(5);
  });

  test('names no ARN but the stack’s own resources and AWS managed policies', () => {
    const outside = arns.filter((arn) => {
      const own = /^arn:local:(\w+)\./.exec(arn);
      if (own) return template.Resources[own[1]!] === undefined;
      return !/^arn:aws:iam::aws:policy\//.test(arn);
    });
    expect(outside).toEqual([]);
  });

  test('names no account', () => {
    expect(strings.filter((value) => value.includes(PSEUDO_ACCOUNT_ID))).toEqual([]);
  });

  test('gives its roles no permissions boundary', () => {
    for (const role of [template.Resources.DeployTrafficRole!.Properties, template.Globals!.Function!])
      expect(resolveValue(template, role, { parameters: { Stage: stage } })).not.toHaveProperty('PermissionsBoundary');
  });
});

test('the boundary is a parameter, empty by default, and an account’s policy only when given', () => {
  expect(template.Parameters![BOUNDARY_PARAMETER]).toMatchObject({ Type: 'String', Default: '' });
  const given = `arn:aws:iam::${PSEUDO_ACCOUNT_ID}:policy/social-news-function-boundary`;
  const globals = resolveValue(template, template.Globals!.Function!, { parameters: { [BOUNDARY_PARAMETER]: given } });
  expect(globals).toMatchObject({ PermissionsBoundary: given });
});

test('nothing imports another stack’s outputs or resolves a value from outside', () => {
  const source = readFileSync('template.yaml', 'utf8');
  expect(source).not.toMatch(/Fn::ImportValue|!ImportValue|\{\{resolve:/);
});
