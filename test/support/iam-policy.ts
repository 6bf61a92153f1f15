/**
 * IAM's evaluation of an identity policy and a boundary, as far as docs/deploy.md's need: an
 * operator it does not know throws. (@cloud-copilot/iam-simulate would do it all, but is AGPL.)
 */

interface Statement {
  readonly Sid?: string;
  readonly Effect: 'Allow' | 'Deny';
  readonly Action: string | readonly string[];
  readonly Resource: string | readonly string[];
  readonly Condition?: Readonly<Record<string, Readonly<Record<string, string | readonly string[]>>>>;
}

export interface Policy {
  readonly Version: string;
  readonly Statement: readonly Statement[];
}

/** One API call: its action, the resource's ARN and the request's condition keys. */
export interface Request {
  readonly action: string;
  readonly resource: string;
  readonly context?: Readonly<Record<string, string>>;
}

const list = (value: string | readonly string[]): readonly string[] => (typeof value === 'string' ? [value] : value);

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
