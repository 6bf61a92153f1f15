/** IAM's evaluation of an identity policy and a boundary as far as docs/deploy.md needs; unknown operators throw (iam-simulate is AGPL). */

type Strings = string | readonly string[];
type Condition = Readonly<Record<string, Readonly<Record<string, Strings>>>>;
type Statement = Readonly<{ Sid?: string; Effect: 'Allow' | 'Deny'; Action: Strings; Resource: Strings; Condition?: Condition }>;
export type Policy = Readonly<{ Version: string; Statement: readonly Statement[] }>;
/** One API call: its action, the resource's ARN and the request's condition keys. */
export type Request = Readonly<{ action: string; resource: string; context?: Readonly<Record<string, string>> }>;
const list = (value: Strings): readonly string[] => (typeof value === 'string' ? [value] : value);

/** IAM's wildcards: `*` any run of characters (`/` and `:` included), `?` any one character. */
function wildcardMatches(pattern: string, value: string, ignoreCase = false): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\*?]/g, (c) => (c === '*' ? '.*' : c === '?' ? '.' : `\\${c}`));
  return new RegExp(`^${source}$`, ignoreCase ? 'i' : '').test(value);
}

const OPERATORS: Readonly<Record<string, (pattern: string, value: string) => boolean>> = {
  StringEquals: (pattern, value) => pattern === value,
  StringLike: (pattern, value) => wildcardMatches(pattern, value),
  ArnLike: (pattern, value) => wildcardMatches(pattern, value),
};

function conditionHolds(condition: Statement['Condition'], context: Readonly<Record<string, string>>): boolean {
  return Object.entries(condition ?? {}).every(([operator, keys]) => {
    const test = OPERATORS[operator];
    if (!test) throw new Error(`condition operator ${operator} is not one this evaluator knows`);
    return Object.entries(keys).every(([key, patterns]) => {
      const value = context[key];
      // A key the request does not carry fails every operator above.
      return value !== undefined && list(patterns).some((pattern) => test(pattern, value));
    });
  });
}

const applies = (statement: Statement, { action, resource, context = {} }: Request): boolean =>
  list(statement.Action).some((pattern) => wildcardMatches(pattern, action, true)) &&
  list(statement.Resource).some((pattern) => wildcardMatches(pattern, resource)) &&
  conditionHolds(statement.Condition, context);

/** Whether `policy` alone allows `request`. */
export function policyAllows(policy: Policy, request: Request): boolean {
  if (policy.Statement.some((statement) => statement.Effect === 'Deny' && applies(statement, request))) return false;
  return policy.Statement.some((statement) => statement.Effect === 'Allow' && applies(statement, request));
}
