/** Least privilege: what each function's inline policies let it do with its tables, against what its routes need. */
import { type Check, effectiveProperties, functions, getAttOf, list, refOf, type Resource, routeKeys, show } from './template-values';

/** What a function may do with a table its environment names: read it, as the code reads it. */
const READS: Readonly<Record<string, readonly string[]>> = {
  GALLERY_TABLE: ['dynamodb:Query', 'dynamodb:BatchGetItem'],
  SHORT_URLS_TABLE: ['dynamodb:GetItem'],
  RATE_LIMITS_TABLE: [],
};

/** The routes whose functions write, and what they may write. */
const WRITES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'Api GET /url/short/create': {
    SHORT_URLS_TABLE: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    RATE_LIMITS_TABLE: ['dynamodb:UpdateItem'],
  },
  'ShortApi GET /{code}': { SHORT_URLS_TABLE: ['dynamodb:UpdateItem'] },
};

/** Actions no function may have, whatever it serves. */
const FORBIDDEN_ACTIONS = [
  'dynamodb:Scan',
  'dynamodb:DeleteItem',
  'dynamodb:DeleteTable',
  'dynamodb:BatchWriteItem',
  'dynamodb:PartiQLDelete',
];

/** The ARN a policy statement's resource stands for: a table (GetAtt) or one of its indexes (Sub). */
function policyTarget(value: unknown): { table: string; index?: string } | string {
  const getAtt = getAttOf(value);
  if (getAtt) return getAtt[1] === 'Arn' ? { table: getAtt[0]! } : `${show(value)} is not an ARN`;
  if (value !== null && typeof value === 'object' && 'Fn::Sub' in value) {
    const text = String((value as { 'Fn::Sub': unknown })['Fn::Sub']);
    const match = /^\$\{(\w+)\.Arn\}(?:\/index\/([\w.-]+))?$/.exec(text);
    if (match) return { table: match[1]!, index: match[2] };
    return `${show(text)} is not a table's or an index's ARN`;
  }
  return `${show(value)} is not a resource of the template`;
}

const indexesOf = (resource: Resource | undefined): string[] =>
  [...list(resource?.Properties?.GlobalSecondaryIndexes), ...list(resource?.Properties?.LocalSecondaryIndexes)].map((index) =>
    String((index as { IndexName: string }).IndexName),
  );

/** Only inline statements, no wildcard, nothing forbidden, only READS and WRITES on the tables named; each reachable. */
export const checkPolicies: Check = (template) => {
  const routes = routeKeys(template);
  return functions(template).flatMap(([id, resource]) => {
    const problems: string[] = [];
    const variables: Record<string, unknown> = effectiveProperties(template, id).Environment?.Variables ?? {};
    const tableVariables = new Map<string, string>();
    for (const [variable, value] of Object.entries(variables)) {
      const ref = refOf(value);
      if (ref && template.Resources[ref]?.Type === 'AWS::DynamoDB::Table') tableVariables.set(ref, variable);
    }
    const myRoutes = routes.filter((route) => route.fn === id).map((route) => route.key);
    const allowed = (table: string): Set<string> => {
      const variable = tableVariables.get(table)!;
      return new Set([...(READS[variable] ?? []), ...myRoutes.flatMap((route) => WRITES[route]?.[variable] ?? [])]);
    };
    const reached = new Set<string>();
    for (const policy of list(resource.Properties?.Policies)) {
      if (policy === null || typeof policy !== 'object' || !('Statement' in policy)) {
        problems.push(
          `${id}: policy ${show(policy)} is not an inline statement list (managed policies and SAM policy templates grant more than a function uses)`,
        );
        continue;
      }
      for (const statement of list((policy as { Statement: unknown }).Statement) as Array<Record<string, unknown>>) {
        const actions = list(statement.Action).map(String);
        const resources = list(statement.Resource);
        if (statement.NotAction !== undefined || statement.NotResource !== undefined)
          problems.push(`${id}: NotAction/NotResource grant too much`);
        for (const action of actions) {
          if (action.includes('*')) problems.push(`${id}: action ${action} is a wildcard`);
          if (FORBIDDEN_ACTIONS.includes(action)) problems.push(`${id}: action ${action} is forbidden`);
          if (!action.startsWith('dynamodb:')) problems.push(`${id}: action ${action} is not one the functions need`);
        }
        for (const target of resources) {
          if (JSON.stringify(target).includes('*')) problems.push(`${id}: resource ${show(target)} has a wildcard`);
        }
        if (statement.Effect !== 'Allow') continue;
        const dynamo = actions.filter((action) => action.startsWith('dynamodb:'));
        if (dynamo.length === 0) continue;
        if (tableVariables.size === 0) {
          problems.push(`${id}: has DynamoDB actions (${dynamo.join(', ')}) but no table in its environment`);
          continue;
        }
        for (const value of resources) {
          const target = policyTarget(value);
          if (typeof target === 'string') {
            problems.push(`${id}: ${target}`);
            continue;
          }
          if (!tableVariables.has(target.table)) {
            problems.push(`${id}: policy reaches ${target.table}, which its environment does not name`);
            continue;
          }
          if (target.index !== undefined && !indexesOf(template.Resources[target.table]).includes(target.index)) {
            problems.push(`${id}: ${target.table} has no index ${target.index}`);
          }
          const may = allowed(target.table);
          for (const action of dynamo) {
            if (!may.has(action))
              problems.push(
                `${id}: ${action} on ${target.table}${target.index ? `/index/${target.index}` : ''} is more than it needs (${[...may].join(', ') || 'nothing'})`,
              );
          }
          if (dynamo.some((action) => may.has(action))) reached.add(target.table);
        }
      }
    }
    for (const [table, variable] of tableVariables) {
      if (allowed(table).size > 0 && !reached.has(table))
        problems.push(`${id}: ${variable} names ${table}, which no statement lets it use`);
    }
    return problems;
  });
};
