/** What a template's values, conditions and rules come to for a local stack, as CloudFormation would work them out. */
import type { Template } from './read';

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

/** Resolves the intrinsic functions the templates use; a table's, a log group's or a named function's Ref is its name. */
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
    if (resource?.Type === 'AWS::Serverless::Function' && resource.Properties?.FunctionName !== undefined)
      return String(again(resource.Properties.FunctionName));
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
